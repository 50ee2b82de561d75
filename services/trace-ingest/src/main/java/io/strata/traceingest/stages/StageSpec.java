package io.strata.traceingest.stages;

import io.strata.events.trace.Stage;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Reads one configured stage entry, {@code STAGE=key} or {@code STAGE=key1|key2} (first present key
 * wins), for example {@code queue_wait=acme.queue_ms}. Errors name the configuration key.
 */
public final class StageSpec {

  /** What a configured entry must look like; also the config mapping's validation pattern. */
  public static final String PATTERN =
      "(?i)(queue_wait|model_load|batch_prepare|gpu_execute|response_encode)"
          + "=[^=|\\s]+(\\|[^=|\\s]+)*";

  private StageSpec() {}

  public static AttributeStage parse(String family, String entry, String configKey) {
    if (entry == null || !entry.trim().matches(PATTERN)) {
      throw new IllegalArgumentException(
          configKey
              + ": '"
              + entry
              + "' is not STAGE=key[|key...] with STAGE one of queue_wait, model_load,"
              + " batch_prepare, gpu_execute, response_encode");
    }
    String[] parts = entry.trim().split("=", 2);
    Stage stage = Stage.valueOf(parts[0].toUpperCase(Locale.ROOT));
    List<String> keys = Arrays.asList(parts[1].split("\\|"));
    return new AttributeStage(
        stage, family + "." + stage.name().toLowerCase(Locale.ROOT), keys, false);
  }
}
