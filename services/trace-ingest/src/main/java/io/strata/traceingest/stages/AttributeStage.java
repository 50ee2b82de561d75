package io.strata.traceingest.stages;

import io.strata.events.trace.Stage;
import java.util.List;

/**
 * One stage a span carries as a duration attribute.
 *
 * @param stage the stage the duration counts toward
 * @param name the derived summary's span name, e.g. {@code vllm.decode}
 * @param keys attribute keys of the duration, the first present wins
 * @param fallback used only when no earlier entry of the source produced the same stage (a total
 *     that stands in for parts a server version does not report)
 */
public record AttributeStage(Stage stage, String name, List<String> keys, boolean fallback) {

  public AttributeStage {
    keys = List.copyOf(keys);
    if (keys.isEmpty()) {
      throw new IllegalArgumentException("stage " + name + " needs at least one attribute key");
    }
  }

  public static AttributeStage of(Stage stage, String name, String... keys) {
    return new AttributeStage(stage, name, List.of(keys), false);
  }

  public static AttributeStage fallback(Stage stage, String name, String... keys) {
    return new AttributeStage(stage, name, List.of(keys), true);
  }
}
