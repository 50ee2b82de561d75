package io.strata.console.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.strata.console.core.BaselineBand;
import io.strata.console.core.WindowPoint;
import io.strata.events.trace.Stage;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads the correlator's {@code GET /api/workloads/{cluster}/{namespace}/{workload}/window} answer
 * (services/correlator CorrelatorQueries.WorkloadWindow, snake_case): {@code last_window}, the
 * workload's GPU count and {@code baselines} per model_version. Not the full workload answer: for a
 * workload of 5,000 GPUs that is megabytes of per-GPU and per-pod detail the console does not show.
 * Pure, so it is tested on a captured body.
 */
public final class WorkloadJson {

  /** What one answer holds for the console. */
  public record Detail(WindowPoint window, Map<String, BaselineBand> baselines) {}

  private WorkloadJson() {}

  public static Detail read(JsonNode body) {
    JsonNode window = body.path("last_window");
    int gpus = Math.max(1, body.path("gpus").asInt());
    WindowPoint point = window.isObject() ? window(window, gpus) : null;
    Map<String, BaselineBand> baselines = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> entry : body.path("baselines").properties()) {
      JsonNode b = entry.getValue();
      baselines.put(
          entry.getKey(),
          new BaselineBand(
              entry.getKey(),
              b.path("p95").asDouble(),
              stages(b.path("stage_p95")),
              b.path("effective_throughput").asDouble(),
              b.path("windows").asInt()));
    }
    return new Detail(point, baselines);
  }

  private static WindowPoint window(JsonNode w, int gpus) {
    Instant start = instant(w.path("window_start"));
    Instant end = instant(w.path("window_end"));
    double seconds =
        start == null || end == null
            ? 1
            : Math.max(1e-3, Duration.between(start, end).toMillis() / 1000.0);
    long tokens = w.path("output_tokens_within_slo").asLong();
    long within = w.path("within_slo").asLong();
    // As WindowStats.effectiveThroughput: tokens when spans carry them, per second per GPU (the
    // GPUs the correlator's view of the workload holds).
    double throughput = (tokens > 0 ? tokens : within) / seconds / gpus;
    return new WindowPoint(
        start,
        end,
        w.path("correlation").path("model_version").asText(null),
        w.path("requests").asLong(),
        w.path("p95").asDouble(),
        stages(w.path("stage_p95")),
        throughput);
  }

  private static Map<Stage, Double> stages(JsonNode node) {
    Map<Stage, Double> stages = new EnumMap<>(Stage.class);
    for (Map.Entry<String, JsonNode> field : node.properties()) {
      try {
        stages.put(Stage.valueOf(field.getKey()), field.getValue().asDouble());
      } catch (IllegalArgumentException e) {
        stages.put(Stage.OTHER, field.getValue().asDouble());
      }
    }
    return stages;
  }

  private static Instant instant(JsonNode node) {
    if (node.isMissingNode() || node.isNull()) {
      return null;
    }
    if (node.isNumber()) {
      // Jackson's default for Instant without WRITE_DATES_AS_TIMESTAMPS off: seconds.nanos.
      return Instant.ofEpochMilli((long) (node.asDouble() * 1000));
    }
    return Instant.parse(node.asText());
  }
}
