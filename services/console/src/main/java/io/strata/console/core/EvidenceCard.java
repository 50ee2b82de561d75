package io.strata.console.core;

import java.util.List;

/**
 * One piece of evidence and the record it came from.
 *
 * @param kind TRIGGER, DEVICE, K8S_EVENT, SPAN, FINDING or NOTE
 * @param source the source record, for example {@code DCGM_FI_DEV_GPU_TEMP on http://node-3:9400}
 *     or {@code span gpu.execute of trace 4bf9…}
 */
public record EvidenceCard(String kind, String title, List<String> facts, String source) {

  public EvidenceCard {
    facts = List.copyOf(facts);
  }
}
