package io.strata.loglinks;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * One configured URL with placeholders. The template author writes the surrounding structure
 * (Grafana's {@code panes} JSON, Kibana's rison, a LogQL or KQL query) already percent-encoded, as
 * the tool writes its own URLs; a raw {@code {name}} is always a placeholder, and Strata encodes
 * each value (PercentEncoding) where it is put.
 */
public final class LogLinkTemplate {

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,40}");

  private sealed interface Part permits Literal, Value {}

  private record Literal(String text) implements Part {}

  private record Value(Placeholder placeholder) implements Part {}

  private final String name;
  private final List<Part> parts;
  private final Set<Placeholder> uses;

  private LogLinkTemplate(String name, List<Part> parts) {
    this.name = name;
    this.parts = List.copyOf(parts);
    Set<Placeholder> used = EnumSet.noneOf(Placeholder.class);
    parts.stream()
        .filter(Value.class::isInstance)
        .forEach(p -> used.add(((Value) p).placeholder()));
    this.uses = Set.copyOf(used);
  }

  /**
   * The template {@code template} named {@code name}, or the reason it cannot be one.
   *
   * @param configPrefix where the service configures its log links, for example {@code
   *     strata.remediator.log-links}: error messages name the template's full key, {@code
   *     <configPrefix>.templates.<name>}
   */
  public static LogLinkTemplate parse(String configPrefix, String name, String template) {
    String key = configPrefix + ".templates." + name;
    if (!NAME.matcher(name).matches()) {
      throw new LogLinkException(
          LogLinkProblem.INVALID_NAME,
          key,
          "a template's name is 1 to 40 letters, digits, '.', '_' or '-' (it is shown as the link's"
              + " label)");
    }
    LogLinkTemplate parsed =
        new LogLinkTemplate(name, parts(key, template == null ? "" : template));
    parsed.checkUrl(key);
    return parsed;
  }

  public String name() {
    return name;
  }

  /** The placeholders this template names. */
  public Set<Placeholder> uses() {
    return uses;
  }

  /**
   * The URL for these values; empty when a placeholder it names has no value, because a blank pod
   * or trace id would widen the query (or match nothing) and the link would not show what it says.
   */
  public Optional<String> render(Map<Placeholder, String> values) {
    for (Placeholder p : uses) {
      String v = values.get(p);
      if (v == null || v.isBlank()) {
        return Optional.empty();
      }
    }
    return Optional.of(fill(p -> PercentEncoding.encode(values.get(p))));
  }

  private String fill(Function<Placeholder, String> value) {
    StringBuilder out = new StringBuilder();
    for (Part part : parts) {
      if (part instanceof Literal l) {
        out.append(l.text());
      } else if (part instanceof Value v) {
        out.append(value.apply(v.placeholder()));
      }
    }
    return out.toString();
  }

  private static List<Part> parts(String key, String template) {
    List<Part> parts = new ArrayList<>();
    int start = 0;
    int open = template.indexOf('{');
    while (open >= 0) {
      int close = template.indexOf('}', open + 1);
      if (close < 0) {
        throw new LogLinkException(
            LogLinkProblem.UNKNOWN_PLACEHOLDER,
            key,
            "the '{' at index "
                + open
                + " closes no placeholder. Write a literal brace percent-encoded (%7B, %7D).");
      }
      String token = template.substring(open + 1, close);
      Placeholder placeholder =
          Placeholder.named(token)
              .orElseThrow(
                  () ->
                      new LogLinkException(
                          LogLinkProblem.UNKNOWN_PLACEHOLDER,
                          key,
                          "unknown placeholder {"
                              + token
                              + "}; known: "
                              + Placeholder.known()
                              + ". Write a literal brace percent-encoded (%7B, %7D)."));
      if (open > start) {
        parts.add(new Literal(template.substring(start, open)));
      }
      parts.add(new Value(placeholder));
      start = close + 1;
      open = template.indexOf('{', start);
    }
    if (start < template.length()) {
      parts.add(new Literal(template.substring(start)));
    }
    return parts;
  }

  /** Filled with a plain value, the template must parse as an absolute http(s) URL with a host. */
  private void checkUrl(String key) {
    String probe = fill(p -> "x");
    try {
      URI uri = new URI(probe);
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      if ((scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null) {
        return;
      }
      throw notHttp(key, "it is not an absolute http(s) URL with a host");
    } catch (URISyntaxException e) {
      throw notHttp(
          key,
          "it is not a URL ("
              + e.getReason()
              + (e.getIndex() >= 0 && e.getIndex() < probe.length()
                  ? " at '" + probe.charAt(e.getIndex()) + "'"
                  : "")
              + "); write characters such as space, '\"', '{', '}', '|' percent-encoded");
    }
  }

  private static LogLinkException notHttp(String key, String why) {
    return new LogLinkException(LogLinkProblem.NOT_HTTP_URL, key, why);
  }
}
