package io.strata.console.core;

import io.strata.events.device.HealthStatus;
import io.strata.events.device.XidEvent;
import io.strata.events.incident.Incident;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.ReviewRecord;
import io.strata.events.topic.Topics;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Merges an incident's revisions, device events, Kubernetes events, actions and review by time. */
final class Timeline {

  private Timeline() {}

  static List<TimelineEntry> of(
      List<Incident> revisions,
      List<XidEvent> xids,
      Map<String, List<GpuHistory.Point>> gpuSamples,
      List<List<RemediationAction>> actions,
      ReviewRecord review) {
    List<TimelineEntry> entries = new ArrayList<>();
    Set<String> k8sSeen = new HashSet<>();
    for (Incident revision : revisions) {
      entries.add(revision(revision));
      for (String event : revision.evidence().k8sEvents()) {
        if (k8sSeen.add(event)) {
          // Evidence lines carry no time of their own: the revision that first held one dates it.
          entries.add(
              new TimelineEntry(
                  revision.updatedAt(),
                  "K8S_EVENT",
                  event,
                  "Kubernetes event in the incident's evidence",
                  "k8s-watcher",
                  Topics.INCIDENTS.name() + " rev " + revision.revision()));
        }
      }
    }
    for (XidEvent xid : xids) {
      entries.add(
          new TimelineEntry(
              xid.detectedAt(),
              "DEVICE",
              "XID " + xid.xid() + (xid.mnemonic() == null ? "" : " " + xid.mnemonic()),
              xid.gpuUuid() + " on " + xid.node() + ", NVIDIA action " + xid.immediateAction(),
              "device-ingest",
              Topics.DEVICE_XIDS.name() + " " + xid.eventId()));
    }
    gpuSamples.forEach((gpu, points) -> entries.addAll(healthChanges(gpu, points)));
    for (List<RemediationAction> history : actions) {
      for (RemediationAction state : history) {
        entries.add(action(state));
      }
    }
    if (review != null) {
      entries.add(
          new TimelineEntry(
              review.writtenAt(),
              "REVIEW",
              "review " + review.outcome(),
              review.actions().size() + " action(s)",
              "remediator",
              Topics.REVIEWS.name()));
    }
    entries.removeIf(e -> e.at() == null);
    entries.sort(Comparator.comparing(TimelineEntry::at));
    return entries;
  }

  private static TimelineEntry revision(Incident incident) {
    String trigger = Texts.trigger(incident.trigger());
    return new TimelineEntry(
        incident.updatedAt() != null ? incident.updatedAt() : incident.openedAt(),
        "REVISION",
        "incident " + incident.state() + " (" + incident.incidentClass() + ")",
        trigger,
        "correlator",
        Topics.INCIDENTS.name() + " rev " + incident.revision());
  }

  private static TimelineEntry action(RemediationAction action) {
    boolean decided =
        switch (action.state()) {
          case APPROVED, REJECTED -> true;
          default -> false;
        };
    String who =
        decided && action.approvedBy() != null
            ? action.approvedBy() + " via " + action.approvalChannel()
            : "remediator";
    String detail = Texts.target(action.target());
    if (action.message() != null && !action.message().isBlank()) {
      detail += " — " + action.message();
    }
    return new TimelineEntry(
        decided && action.approvedAt() != null ? action.approvedAt() : action.updatedAt(),
        "ACTION",
        action.type() + " " + action.state(),
        detail,
        who,
        Topics.REMEDIATION.name() + " " + action.actionId());
  }

  /** One entry per change of a GPU's health (the first kept sample sets the starting value). */
  private static List<TimelineEntry> healthChanges(String gpu, List<GpuHistory.Point> points) {
    List<TimelineEntry> changes = new ArrayList<>();
    HealthStatus last = null;
    for (GpuHistory.Point point : points) {
      if (last != null && point.health() != last) {
        changes.add(
            new TimelineEntry(
                point.at(),
                "DEVICE",
                "health " + last + " → " + point.health(),
                gpu,
                "device-ingest",
                Topics.DEVICE_SAMPLES.name() + " health"));
      }
      last = point.health();
    }
    return changes;
  }

  static Instant first(Instant a, Instant b) {
    return a == null ? b : b == null ? a : a.isBefore(b) ? a : b;
  }
}
