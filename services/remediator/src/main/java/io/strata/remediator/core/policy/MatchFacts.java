package io.strata.remediator.core.policy;

import io.strata.events.Correlation;
import io.strata.events.incident.DeviceEvidence;
import io.strata.events.incident.Incident;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.TargetRef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The variables a rule's match reads, from the incident, the planned action and the node it
 * concerns. Absent values are empty strings (or 0, or empty maps), so a match never meets null.
 */
public final class MatchFacts {

  private MatchFacts() {}

  /**
   * @param node the node the action concerns (its target, or the incident's node); null for none
   * @param nodeLabels that node's labels as the cluster serves them
   * @param pool the node's pool (the value of the blast radius's pool label), empty for none
   */
  public static Map<String, Object> of(
      Incident incident,
      ActionType type,
      TargetRef target,
      String node,
      Map<String, String> nodeLabels,
      String pool) {
    Correlation c = incident.correlation();
    List<Long> xids = xids(incident);
    Map<String, Object> incidentFacts = new HashMap<>();
    incidentFacts.put("id", text(incident.incidentId()));
    incidentFacts.put("class", incident.incidentClass().name());
    incidentFacts.put("severity", incident.severity().name());
    incidentFacts.put("state", incident.state().name());
    incidentFacts.put("episode", (long) incident.episode());
    incidentFacts.put("cluster", text(c.cluster()));
    incidentFacts.put("namespace", text(c.namespace()));
    incidentFacts.put("workload", text(c.workload()));
    incidentFacts.put("model_version", text(c.modelVersion()));
    incidentFacts.put("xid", xids.isEmpty() ? 0L : xids.get(0));
    incidentFacts.put("xids", xids);
    Map<String, Object> facts = new HashMap<>();
    facts.put("incident", incidentFacts);
    facts.put(
        "node",
        Map.of(
            "name", text(node),
            "labels", nodeLabels == null ? Map.of() : Map.copyOf(nodeLabels),
            "pool", text(pool)));
    facts.put(
        "action",
        Map.of(
            "type", type.name(),
            "kind", target == null ? "" : text(target.kind()),
            "namespace", target == null ? "" : text(target.namespace()),
            "name", target == null ? "" : text(target.name())));
    return facts;
  }

  /** The triggering XID first (when the trigger is one), then every XID of the evidence. */
  static List<Long> xids(Incident incident) {
    List<Long> xids = new ArrayList<>();
    if (incident.trigger() != null && "xid".equals(incident.trigger().unit())) {
      xids.add((long) incident.trigger().value());
    }
    for (DeviceEvidence device : incident.evidence().devices()) {
      for (Integer xid : device.xids()) {
        if (!xids.contains(xid.longValue())) {
          xids.add(xid.longValue());
        }
      }
    }
    return xids;
  }

  private static String text(String value) {
    return value == null ? "" : value;
  }
}
