package io.strata.console.core;

import io.strata.events.device.DeviceField;
import io.strata.events.incident.DeviceEvidence;
import io.strata.events.incident.ExemplarTrace;
import io.strata.events.incident.Incident;
import io.strata.events.topic.Topics;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The incident's evidence as cards, each naming the record it came from. */
final class EvidenceCards {

  private static final Map<String, String> DCGM_NAMES = new HashMap<>();

  static {
    for (DeviceField field : DeviceField.values()) {
      DCGM_NAMES.put(field.key(), field.dcgmName());
    }
  }

  private EvidenceCards() {}

  /**
   * @param targets the DCGM exporter target each GPU's samples came from, when known
   */
  static List<EvidenceCard> of(Incident incident, Map<String, String> targets) {
    List<EvidenceCard> cards = new ArrayList<>();
    if (incident.trigger() != null) {
      cards.add(
          new EvidenceCard(
              "TRIGGER",
              Texts.trigger(incident.trigger()),
              List.of(
                  "window "
                      + incident.trigger().windowStart()
                      + " – "
                      + incident.trigger().windowEnd()),
              Topics.INCIDENTS.name()
                  + " "
                  + incident.incidentId()
                  + " rev "
                  + incident.revision()));
    }
    for (DeviceEvidence device : incident.evidence().devices()) {
      List<String> facts = new ArrayList<>();
      facts.add("health " + device.health());
      if (!device.xids().isEmpty()) {
        facts.add("XID " + device.xids());
      }
      new TreeMap<>(device.fields())
          .forEach(
              (key, value) ->
                  facts.add(DCGM_NAMES.getOrDefault(key, key) + " = " + Texts.number(value)));
      String target = targets.get(device.gpuUuid());
      cards.add(
          new EvidenceCard(
              "DEVICE",
              device.gpuUuid() + " on " + device.node(),
              facts,
              "DCGM exporter "
                  + (target == null ? "target of " + device.node() : target)
                  + " via "
                  + Topics.DEVICE_SAMPLES.name()));
    }
    for (String event : incident.evidence().k8sEvents()) {
      cards.add(
          new EvidenceCard(
              "K8S_EVENT", event, List.of(), "Kubernetes Event via " + Topics.K8S_EVENTS.name()));
    }
    for (ExemplarTrace trace : incident.evidence().exemplarTraces()) {
      List<String> facts = new ArrayList<>();
      trace.stageMillis().forEach((stage, ms) -> facts.add(stage + " " + Texts.number(ms) + " ms"));
      facts.sort(String::compareTo);
      cards.add(
          new EvidenceCard(
              "SPAN",
              "exemplar "
                  + Texts.number(trace.durationMillis())
                  + " ms, longest "
                  + trace.longestStage(),
              facts,
              "trace "
                  + trace.traceId()
                  + " ("
                  + Topics.TRACE_SPANS.name()
                  + "), pod "
                  + trace.pod()));
    }
    incident
        .evidence()
        .findings()
        .forEach(
            f ->
                cards.add(
                    new EvidenceCard("FINDING", f, List.of(), Topics.DEVICE_FINDINGS.name())));
    incident
        .evidence()
        .notes()
        .forEach(n -> cards.add(new EvidenceCard("NOTE", n, List.of(), "correlator")));
    return cards;
  }
}
