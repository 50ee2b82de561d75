package io.strata.traceingest.summary;

import java.util.List;

/** The attribute keys of TraceIngestConfig's defaults, for tests that read spans as shipped. */
final class ConfigDefaultKeys {

  private ConfigDefaultKeys() {}

  static AttributeKeys of() {
    return new AttributeKeys(
        List.of("gen_ai.response.model", "gen_ai.request.model", "model_version"),
        List.of("queue", "kueue.queue.name"),
        List.of("gpu.uuid", "gpu_uuid"),
        List.of("accelerator_type", "gpu.type"),
        List.of("gen_ai.usage.output_tokens", "gen_ai.usage.completion_tokens"));
  }
}
