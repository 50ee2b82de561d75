package io.strata.simulator.teams;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Microsoft's Bot Framework for the local run and the tests, on one port: the OpenID metadata and
 * JWKS a bot verifies invokes with, the Entra ID token endpoint a bot gets connector tokens from,
 * the Bot Connector a bot posts and updates cards through, and GET /teams/cards and POST
 * /teams/click for tests and the operator.
 */
public final class TeamsStandIn implements AutoCloseable {

  public static final String METADATA_PATH = "/v1/.well-known/openidconfiguration";
  public static final String JWKS_PATH = "/v1/.well-known/keys";
  public static final String TOKEN_PATH = "/botframework.com/oauth2/v2.0/token";

  private static final Logger LOG = LoggerFactory.getLogger(TeamsStandIn.class);

  private final TeamsSettings settings;
  private final Clock clock;
  private final SigningKeys keys = new SigningKeys();
  private final PostedCards cards = new PostedCards();
  private final ConnectorTokens tokens;
  private final TeamsClicker clicker;
  private final ControlApi control;
  private final ConnectorApi connector;
  private final TokenEndpoint tokenEndpoint;
  private final Set<String> autoApproved = ConcurrentHashMap.newKeySet();
  private HttpServer server;
  private ExecutorService executor;
  private volatile String baseUrl;

  public TeamsStandIn(TeamsSettings settings, Clock clock) {
    this.settings = settings;
    this.clock = clock;
    this.tokens = new ConnectorTokens(settings.appId(), settings.appPassword());
    this.clicker =
        new TeamsClicker(
            settings.botMessagingUrl(),
            keys,
            settings.appId(),
            Approver.onCall(settings.approverAadObjectId()),
            cards,
            this::serviceUrl,
            clock);
    this.control = new ControlApi(clicker);
    this.connector = new ConnectorApi(tokens, cards, clock, this::onNewCard);
    this.tokenEndpoint = new TokenEndpoint(tokens, clock);
  }

  /** Listens on host:port (0 for any free port) and returns the base URL. */
  public String start(String host, int port, ExecutorService executor) throws IOException {
    this.executor = executor;
    server = HttpServer.create(new InetSocketAddress(host, port), 64);
    server.createContext("/", this::route);
    server.setExecutor(executor);
    server.start();
    baseUrl = "http://" + host + ":" + server.getAddress().getPort();
    return baseUrl;
  }

  public String baseUrl() {
    return baseUrl;
  }

  /** The serviceUrl of the invokes and the bot's Bot Connector base: the base URL and a slash. */
  public String serviceUrl() {
    return baseUrl + "/";
  }

  public String openIdMetadataUrl() {
    return baseUrl + METADATA_PATH;
  }

  public String tokenUrl() {
    return baseUrl + TOKEN_PATH;
  }

  public TeamsClicker clicker() {
    return clicker;
  }

  public PostedCards cards() {
    return cards;
  }

  /** Publishes a new signing key and signs with it from now on; returns its kid. */
  public String rotateKey() {
    return keys.rotate();
  }

  private void route(HttpExchange exchange) throws IOException {
    try {
      String path = exchange.getRequestURI().getRawPath().replaceAll("/{2,}", "/");
      // A connector base configured as .../teams/ reaches the same API.
      if (path.startsWith("/teams/v3/")) {
        path = path.substring("/teams".length());
      }
      String method = exchange.getRequestMethod().toUpperCase(Locale.ROOT);
      switch (path) {
        case METADATA_PATH -> get(exchange, method, () -> SigningKeys.openIdMetadata(baseUrl));
        case JWKS_PATH -> get(exchange, method, keys::jwks);
        case TOKEN_PATH -> tokenEndpoint.handle(exchange, method);
        case "/teams/cards" -> get(exchange, method, cards::toJson);
        case "/teams/click" -> control.click(exchange, method);
        default -> {
          if (path.startsWith("/v3/conversations/")) {
            connector.handle(exchange, segments(path.substring("/v3/conversations/".length())));
          } else {
            Exchanges.error(exchange, 404, "NotFound", "no such endpoint " + path);
          }
        }
      }
    } catch (RuntimeException e) {
      LOG.warn(
          "teams stand-in: {} {} failed: {}",
          exchange.getRequestMethod(),
          exchange.getRequestURI(),
          e.toString());
    } finally {
      exchange.close();
    }
  }

  private static String[] segments(String rest) {
    return Arrays.stream(rest.split("/", -1))
        .map(s -> URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8))
        .toArray(String[]::new);
  }

  private static void get(HttpExchange exchange, String method, Supplier<? extends JsonNode> body)
      throws IOException {
    if (!"GET".equals(method)) {
      Exchanges.error(exchange, 405, "MethodNotAllowed", "use GET");
      return;
    }
    Exchanges.json(exchange, 200, body.get());
  }

  private void onNewCard(PostedCards.Card card) {
    if (!settings.autoApprove()) {
      return;
    }
    for (ExecuteAction button : card.buttons()) {
      if ("approve".equalsIgnoreCase(button.verb()) && autoApproved.add(button.actionId())) {
        executor.execute(() -> autoApprove(button));
      }
    }
  }

  private void autoApprove(ExecuteAction button) {
    try {
      BotReply reply = clicker.click(button.actionId(), button.verb());
      LOG.info("teams: approved {}: HTTP {}", button.actionId(), reply.status());
    } catch (ClickFailure e) {
      autoApproved.remove(button.actionId());
      LOG.warn("teams: could not approve {}: {}", button.actionId(), e.getMessage());
    }
  }

  @Override
  public void close() {
    if (server != null) {
      server.stop(0);
    }
  }
}
