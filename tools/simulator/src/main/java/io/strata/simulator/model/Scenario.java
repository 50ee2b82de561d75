package io.strata.simulator.model;

import java.util.Locale;
import java.util.Optional;

/** Fault scenarios the simulated cluster can play; one is active at a time. */
public enum Scenario {
  UNSPECIFIED("not a scenario"),
  HEALTHY("baseline: every GPU healthy, requests at baseline latency"),
  XID_79("one serving GPU falls off the bus (XID 79, health FAIL); its requests time out"),
  THERMAL_THROTTLING("one node overheats: 91 C, SM clock 1140 MHz; gpu.execute 2.5x slower"),
  QUEUE_BACKLOG(
      "the Knative service's autoscaler wants more GPUs than exist: Pending pods, "
          + "FailedScheduling, queue.wait grows"),
  SLOW_MODEL_LOAD("Knative traffic rolled out to revision 2, whose model.load takes seconds"),
  SLOW_MODEL_LOAD_DEPLOYMENT(
      "the plain Deployment's current model version (e5-large-v2) loads for seconds; "
          + "a rollback to e5-large-v1 through the pod-template label fixes it"),
  IDLE("no requests; serving GPUs near 0% utilisation (nothing should be raised)"),
  OWNERSHIP_MISMATCH("one GPU's exporter labels name a pod the Kubernetes API places elsewhere"),
  MISSING_FIELDS("one node's exporter stops publishing some default fields"),
  APP_XID_13("an application hits XID 13 on one GPU; a quarter of its requests fail"),
  VLLM_QUEUE_BACKLOG(
      "the vLLM-traced workload (dra-infer) queues: gen_ai.latency.time_in_queue 0.6-1.0 s longer"),
  VLLM_SLOW_DECODE(
      "the vLLM-traced workload (dra-infer) decodes six times slower per token"
          + " (gen_ai.latency.time_in_model_decode)");

  private final String description;

  Scenario(String description) {
    this.description = description;
  }

  public String description() {
    return description;
  }

  /** The name used on the control API: lower case with dashes ({@code xid-79}). */
  public String slug() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** Accepts the slug or the enum name in any case; UNSPECIFIED is not selectable. */
  public static Optional<Scenario> fromName(String name) {
    if (name == null) {
      return Optional.empty();
    }
    String normalised = name.trim().toUpperCase(Locale.ROOT).replace('-', '_');
    for (Scenario scenario : values()) {
      if (scenario != UNSPECIFIED && scenario.name().equals(normalised)) {
        return Optional.of(scenario);
      }
    }
    return Optional.empty();
  }

  /** Whether this scenario is a fault (anything but healthy). */
  public boolean isFault() {
    return this != UNSPECIFIED && this != HEALTHY;
  }
}
