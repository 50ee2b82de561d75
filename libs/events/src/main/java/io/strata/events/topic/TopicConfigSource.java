package io.strata.events.topic;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Publishes every topic name as configuration, {@code strata.topic.<id>} (for example {@code
 * strata.topic.device-samples}), so a service's messaging channels can say {@code
 * mp.messaging.outgoing.samples.topic=${strata.topic.device-samples}} and the name itself stays
 * written once, in {@link Topics}. Registered through {@code META-INF/services}; MicroProfile
 * Config is an optional dependency of this module, present in every Quarkus service.
 */
public final class TopicConfigSource implements ConfigSource {

  public static final String PREFIX = "strata.topic.";

  private static final Map<String, String> PROPERTIES = properties();

  @Override
  public Map<String, String> getProperties() {
    return PROPERTIES;
  }

  @Override
  public Set<String> getPropertyNames() {
    return PROPERTIES.keySet();
  }

  @Override
  public String getValue(String propertyName) {
    return PROPERTIES.get(propertyName);
  }

  @Override
  public String getName() {
    return "strata-topics";
  }

  /** Below application.properties (250) so an operator can still rename a topic per environment. */
  @Override
  public int getOrdinal() {
    return 200;
  }

  /**
   * The configuration id of a topic: its name without the {@code strata.} prefix and version, dots
   * as dashes.
   */
  public static String id(Topic<?, ?> topic) {
    return topic
        .name()
        .replaceFirst("^strata\\.", "")
        .replaceFirst("\\.v\\d+$", "")
        .replace('.', '-');
  }

  private static Map<String, String> properties() {
    Map<String, String> properties = new LinkedHashMap<>();
    Topics.all().forEach(topic -> properties.put(PREFIX + topic.id(), topic.name()));
    return Map.copyOf(properties);
  }
}
