package io.strata.deviceingest.scrape;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.strata.events.device.FindingReason;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The scraper against a real HTTP server. */
class HttpScraperTest {

  private static final String PAGE = "DCGM_FI_DEV_GPU_TEMP{gpu=\"0\",UUID=\"GPU-1\"} 41\n";

  private HttpServer server;
  private ExecutorService executor;
  private HttpScraper scraper;
  private final CountDownLatch release = new CountDownLatch(1);
  private final List<String> remotePorts = new CopyOnWriteArrayList<>();

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.setExecutor(Executors.newFixedThreadPool(4));
    server.createContext(
        "/plain",
        exchange -> {
          exchange.getResponseHeaders().add("Content-Type", "text/plain; version=0.0.4");
          send(exchange, 200, PAGE.getBytes(StandardCharsets.UTF_8));
        });
    server.createContext(
        "/gzip",
        exchange -> {
          assertThat(exchange.getRequestHeaders().getFirst("Accept-Encoding")).contains("gzip");
          exchange.getResponseHeaders().add("Content-Encoding", "gzip");
          send(exchange, 200, gzip(PAGE.getBytes(StandardCharsets.UTF_8)));
        });
    server.createContext(
        "/bomb",
        exchange -> {
          exchange.getResponseHeaders().add("Content-Encoding", "gzip");
          send(exchange, 200, gzip(new byte[200_000]));
        });
    server.createContext(
        "/node",
        exchange -> {
          remotePorts.add(
              exchange.getRequestURI().getPath() + " " + exchange.getRemoteAddress().getPort());
          send(exchange, 200, PAGE.getBytes(StandardCharsets.UTF_8));
        });
    server.createContext("/large", exchange -> send(exchange, 200, new byte[50_000]));
    server.createContext("/error", exchange -> send(exchange, 503, new byte[0]));
    server.createContext(
        "/slow",
        exchange -> {
          try {
            release.await(10, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          send(exchange, 200, PAGE.getBytes(StandardCharsets.UTF_8));
        });
    server.start();
    executor = Executors.newFixedThreadPool(2);
    scraper = new HttpScraper(Duration.ofMillis(700), 10_000, executor);
  }

  @AfterEach
  void stop() {
    release.countDown();
    server.stop(0);
    executor.shutdownNow();
  }

  private String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  @Test
  void fetchesPlainAndGzipPages() throws Exception {
    ScrapeResponse plain = scraper.fetch(url("/plain")).get(5, TimeUnit.SECONDS);
    assertThat(plain.text()).isEqualTo(PAGE);
    assertThat(plain.contentType()).isEqualTo("text/plain; version=0.0.4");

    ScrapeResponse gzipped = scraper.fetch(url("/gzip")).get(5, TimeUnit.SECONDS);
    assertThat(gzipped.text()).isEqualTo(PAGE);
    assertThat(gzipped.wireBytes()).isLessThan(PAGE.length() + 30);
  }

  @Test
  void classifiesFailuresWithAReason() throws Exception {
    assertFailure(url("/error"), FindingReason.HTTP_STATUS);
    assertFailure(url("/large"), FindingReason.RESPONSE_TOO_LARGE);
    assertFailure(url("/bomb"), FindingReason.RESPONSE_TOO_LARGE);
    assertFailure(url("/slow"), FindingReason.TIMEOUT);
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    assertFailure("http://127.0.0.1:" + closedPort + "/metrics", FindingReason.CONNECTION_FAILED);
  }

  @Test
  void aSlowTargetDoesNotDelayTheOthers() throws Exception {
    CompletableFuture<ScrapeResponse> slow = scraper.fetch(url("/slow"));
    ScrapeResponse fast = scraper.fetch(url("/plain")).get(5, TimeUnit.SECONDS);

    assertThat(fast.text()).isEqualTo(PAGE);
    assertThat(slow).isNotDone();
  }

  @Test
  void everyTargetKeepsReusingItsOneKeepAliveConnection() throws Exception {
    List<String> targets = new ArrayList<>();
    for (int node = 0; node < 40; node++) {
      targets.add(url("/node/" + node + "/metrics"));
    }
    for (int round = 0; round < 3; round++) {
      for (String target : targets) {
        assertThat(scraper.fetch(target).get(5, TimeUnit.SECONDS).text()).isEqualTo(PAGE);
      }
    }

    Map<String, Set<String>> portsByPath = new HashMap<>();
    for (String seen : remotePorts) {
      String[] pathAndPort = seen.split(" ");
      portsByPath.computeIfAbsent(pathAndPort[0], p -> new HashSet<>()).add(pathAndPort[1]);
    }
    assertThat(remotePorts).hasSize(120);
    assertThat(portsByPath).hasSize(40);
    assertThat(portsByPath.values()).allSatisfy(ports -> assertThat(ports).hasSize(1));
  }

  private void assertFailure(String url, FindingReason reason) {
    assertThatThrownBy(() -> scraper.fetch(url).get(5, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .cause()
        .isInstanceOfSatisfying(
            ScrapeFailure.class,
            failure -> assertThat(failure.reason()).as(failure.getMessage()).isEqualTo(reason));
  }

  private static void send(com.sun.net.httpserver.HttpExchange exchange, int status, byte[] body)
      throws IOException {
    exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  private static byte[] gzip(byte[] raw) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
      out.write(raw);
    }
    return bytes.toByteArray();
  }
}
