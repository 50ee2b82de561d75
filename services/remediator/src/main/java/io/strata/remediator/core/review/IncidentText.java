package io.strata.remediator.core.review;

import io.strata.events.incident.DeviceEvidence;
import io.strata.events.incident.Incident;
import io.strata.events.incident.Scope;
import io.strata.events.incident.Trigger;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * An incident in plain-text lines, the same in every channel (Slack, Teams): each channel adds only
 * its own markup and escaping.
 */
public final class IncidentText {

  /** Device fields shown of the first GPU: enough to read the fault, short enough for a card. */
  private static final int DEVICE_FIELDS_SHOWN = 6;

  private IncidentText() {}

  /** Severity, class, id and summary. */
  public static String headline(Incident incident) {
    return incident.severity()
        + " "
        + incident.incidentClass()
        + " "
        + incident.incidentId()
        + (incident.summary() == null ? "" : ": " + incident.summary());
  }

  /** The signal and value, against its baseline with the ratio when there is one. */
  public static String triggerLine(Trigger trigger) {
    if (trigger == null) {
      return "unknown";
    }
    String unit = trigger.unit() == null ? "" : " " + trigger.unit();
    String line = trigger.signal() + " " + number(trigger.value()) + unit;
    if (trigger.baseline() != null && trigger.baseline() > 0) {
      line +=
          " vs baseline "
              + number(trigger.baseline())
              + unit
              + String.format(Locale.ROOT, " (%.1fx)", trigger.value() / trigger.baseline());
    }
    return line;
  }

  /** The first GPU's evidence: its fields, XIDs and health, and how many more GPUs there are. */
  public static String deviceLine(Incident incident) {
    List<DeviceEvidence> devices = incident.evidence().devices();
    if (devices.isEmpty()) {
      return "no device evidence";
    }
    DeviceEvidence d = devices.get(0);
    String fields =
        d.fields().entrySet().stream()
            .sorted(Map.Entry.comparingByKey())
            .limit(DEVICE_FIELDS_SHOWN)
            .map(e -> e.getKey() + "=" + number(e.getValue()))
            .collect(Collectors.joining(", "));
    return d.gpuUuid()
        + " on "
        + d.node()
        + (fields.isEmpty() ? "" : ": " + fields)
        + (d.xids().isEmpty() ? "" : ", XID " + d.xids())
        + ", health "
        + d.health()
        + (devices.size() > 1 ? " (+" + (devices.size() - 1) + " GPUs)" : "");
  }

  /** Nodes, workloads and versions, and whether the incident holds to one node or version. */
  public static String scopeLine(Scope scope) {
    return "nodes "
        + orNone(scope.nodes())
        + " · workloads "
        + orNone(scope.workloads())
        + " · versions "
        + orNone(scope.modelVersions())
        + (scope.singleNode() ? " · single node" : "")
        + (scope.singleVersion() ? " · single version" : "");
  }

  /** A whole number without decimals, anything else with one. */
  public static String number(double value) {
    return value == Math.rint(value)
        ? Long.toString((long) value)
        : String.format(Locale.ROOT, "%.1f", value);
  }

  private static String orNone(List<String> values) {
    return values.isEmpty() ? "none" : String.join(", ", values);
  }
}
