package io.strata.traceingest.summary;

import io.strata.events.trace.Stage;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Span name to request stage. A name in the table is that stage wherever it occurs; otherwise a
 * span that marks the request (root, SERVER, or a configured request name) is {@link Stage#REQUEST}
 * and anything else {@link Stage#OTHER}.
 */
public final class StageTable {

  private final Map<String, Stage> stages = new HashMap<>();
  private final Set<String> requestNames;

  public StageTable(
      Map<Stage, ? extends Collection<String>> namesByStage, Set<String> requestNames) {
    namesByStage.forEach(
        (stage, names) ->
            names.forEach(
                name -> {
                  Stage previous = stages.putIfAbsent(name, stage);
                  if (previous != null && previous != stage) {
                    throw new IllegalArgumentException(
                        "span name '" + name + "' is mapped to both " + previous + " and " + stage);
                  }
                }));
    this.requestNames = new HashSet<>(requestNames);
  }

  /** The defaults: one span name per stage, spelled like the stage. */
  public static StageTable defaults() {
    return new StageTable(
        Map.of(
            Stage.QUEUE_WAIT, Set.of("queue.wait"),
            Stage.MODEL_LOAD, Set.of("model.load"),
            Stage.BATCH_PREPARE, Set.of("batch.prepare"),
            Stage.GPU_EXECUTE, Set.of("gpu.execute"),
            Stage.RESPONSE_ENCODE, Set.of("response.encode")),
        Set.of());
  }

  /** Whether a span with this name is configured to mark the request. */
  public boolean isRequestName(String spanName) {
    return requestNames.contains(spanName);
  }

  /** Whether the name is one of the stage spans' names (not a request name). */
  public boolean isStageName(String spanName) {
    return stages.containsKey(spanName);
  }

  public Stage stageOf(String spanName, boolean marksRequest) {
    Stage stage = stages.get(spanName);
    if (stage != null) {
      return stage;
    }
    return marksRequest ? Stage.REQUEST : Stage.OTHER;
  }
}
