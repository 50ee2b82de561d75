package io.strata.simulator.k8s;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.strata.simulator.model.Pod;
import java.time.Instant;

/** core/v1 Events as the default scheduler records them. */
final class SchedulingEvents {

  private SchedulingEvents() {}

  static Event failedScheduling(Pod pod, String podUid, String name, String message, Instant now) {
    return new EventBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace(pod.namespace())
        .endMetadata()
        .withNewInvolvedObject()
        .withApiVersion("v1")
        .withKind("Pod")
        .withName(pod.name())
        .withNamespace(pod.namespace())
        .withUid(podUid == null ? pod.uid() : podUid)
        .endInvolvedObject()
        .withType("Warning")
        .withReason("FailedScheduling")
        .withMessage(message)
        .withCount(1)
        .withFirstTimestamp(now.toString())
        .withLastTimestamp(now.toString())
        .withNewSource()
        .withComponent("default-scheduler")
        .endSource()
        .withReportingComponent("default-scheduler")
        .withReportingInstance("default-scheduler-sim")
        .build();
  }
}
