package io.strata.watcherbench;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.List;

/** The events a pod start leaves (core/v1 Event): scheduled, pulled, created, started. */
final class EventObjects {

  private static final List<String[]> START =
      List.of(
          new String[] {"Scheduled", "default-scheduler", "Successfully assigned %s to %s"},
          new String[] {
            "Pulled",
            "kubelet",
            "Container image \""
                + PodObjects.IMAGE
                + "\" already"
                + " present on machine and can be accessed by the pod"
          },
          new String[] {"Created", "kubelet", "Created container: vllm"},
          new String[] {"Started", "kubelet", "Started container vllm"});

  private EventObjects() {}

  static int kinds() {
    return START.size();
  }

  /** The {@code which}-th start event of {@code pod}. */
  static Event event(Pod pod, int which) {
    String[] kind = START.get(which % START.size());
    String name = pod.getMetadata().getName();
    String node = pod.getSpec().getNodeName();
    String message =
        kind[2].contains("%s")
            ? String.format(kind[2], pod.getMetadata().getNamespace() + "/" + name, node)
            : kind[2];
    return new EventBuilder()
        .withNewMetadata()
        .withNamespace(pod.getMetadata().getNamespace())
        .withName(name + "." + Long.toHexString(0x187d0f5c00000000L + which * 7_919L))
        .withManagedFields(
            ManagedFields.entry(
                kind[1],
                null,
                List.of(
                    "count",
                    "firstTimestamp",
                    "involvedObject",
                    "lastTimestamp",
                    "message",
                    "reason",
                    "reportingComponent",
                    "reportingInstance",
                    "source.component",
                    "type")))
        .endMetadata()
        .withNewInvolvedObject()
        .withApiVersion("v1")
        .withKind("Pod")
        .withNamespace(pod.getMetadata().getNamespace())
        .withName(name)
        .withUid("uid-Pod-" + name)
        .withResourceVersion("1")
        .withFieldPath(which == 0 ? null : "spec.containers{vllm}")
        .endInvolvedObject()
        .withReason(kind[0])
        .withMessage(message)
        .withType("Normal")
        .withCount(1)
        .withFirstTimestamp("2026-12-01T08:00:0" + which + "Z")
        .withLastTimestamp("2026-12-01T08:00:0" + which + "Z")
        .withReportingComponent(kind[1])
        .withReportingInstance(which == 0 ? "" : node)
        .withNewSource()
        .withComponent(kind[1])
        .withHost(which == 0 ? null : node)
        .endSource()
        .build();
  }
}
