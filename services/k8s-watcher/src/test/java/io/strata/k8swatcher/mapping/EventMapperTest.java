package io.strata.k8swatcher.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.MicroTime;
import io.strata.events.Correlation;
import io.strata.events.k8s.ObjectRef;
import io.strata.events.k8s.WorkloadEvent;
import io.strata.events.k8s.WorkloadEventReason;
import io.strata.k8swatcher.mapping.EventSelection.Involved;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventMapperTest {

  private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");
  private final EventMapper mapper = new EventMapper("c1");

  @Test
  void legacyCountAndTimestampsOfAKubeletEvent() {
    Event event =
        podEvent("UnexpectedAdmissionError")
            .withCount(3)
            .withFirstTimestamp("2026-11-30T11:00:00Z")
            .withLastTimestamp("2026-11-30T11:10:00Z")
            .withNewSource()
            .withComponent("kubelet")
            .withHost("gpu-7")
            .endSource()
            .build();
    WorkloadEvent record = mapper.map(event, Correlation.empty(), NOW);
    assertThat(record)
        .isEqualTo(
            new WorkloadEvent(
                "ev-uid",
                "c1",
                new ObjectRef("v1", "Pod", "ml", "trainer-0", "pod-uid"),
                WorkloadEventReason.UNEXPECTED_ADMISSION_ERROR,
                "UnexpectedAdmissionError",
                "Warning",
                "Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected",
                3,
                Instant.parse("2026-11-30T11:00:00Z"),
                Instant.parse("2026-11-30T11:10:00Z"),
                "kubelet",
                Correlation.empty(),
                NOW));
    assertThat(mapper.key(event)).isEqualTo("c1/ml/trainer-0");
    assertThat(mapper.partialIdentity(event))
        .isEqualTo(
            Correlation.builder()
                .cluster("c1")
                .namespace("ml")
                .pod("trainer-0")
                .node("gpu-7")
                .build());
  }

  @Test
  void seriesCountAndEventTimeOfAnEventsApiWriter() {
    Event event =
        podEvent("FailedScheduling")
            .withEventTime(new MicroTime("2026-11-30T11:00:00.123456Z"))
            .withNewSeries()
            .withCount(7)
            .withLastObservedTime(new MicroTime("2026-11-30T11:30:00.000001Z"))
            .endSeries()
            .withReportingComponent("default-scheduler")
            .build();
    WorkloadEvent record = mapper.map(event, Correlation.empty(), NOW);
    assertThat(record.count()).isEqualTo(7);
    assertThat(record.firstTimestamp()).isEqualTo(Instant.parse("2026-11-30T11:00:00.123456Z"));
    assertThat(record.lastTimestamp()).isEqualTo(Instant.parse("2026-11-30T11:30:00.000001Z"));
    assertThat(record.reportingComponent()).isEqualTo("default-scheduler");
  }

  @Test
  void unknownReasonIsKeptAsText() {
    WorkloadEvent record = mapper.map(podEvent("NVMLFailure").build(), Correlation.empty(), NOW);
    assertThat(record.reason()).isEqualTo(WorkloadEventReason.OTHER);
    assertThat(record.reasonText()).isEqualTo("NVMLFailure");
    assertThat(record.count()).isEqualTo(1);
  }

  @Test
  void nodeEventsAreKeyedByClusterAndNode() {
    Event event =
        new EventBuilder()
            .withNewMetadata()
            .withNamespace("default")
            .withName("gpu-7.1")
            .withUid("u")
            .endMetadata()
            .withNewInvolvedObject()
            .withKind("Node")
            .withName("gpu-7")
            .withUid("gpu-7")
            .withNamespace("")
            .endInvolvedObject()
            .withReason("NodeNotReady")
            .build();
    assertThat(mapper.key(event)).isEqualTo("c1/gpu-7");
    assertThat(mapper.partialIdentity(event))
        .isEqualTo(Correlation.builder().cluster("c1").node("gpu-7").build());
    assertThat(mapper.map(event, Correlation.empty(), NOW).involvedObject().namespace()).isNull();
  }

  @Test
  void selectionPublishesRelevantReasonsAndEverythingAboutGpuPods() {
    EventSelection selection = new EventSelection(List.of("FailedScheduling", "NodeNotReady"));
    assertThat(selection.publish("Pulled", Involved.POD_OF_INTEREST)).isTrue();
    assertThat(selection.publish("SomethingNew", Involved.RESOURCE_CLAIM)).isTrue();
    assertThat(selection.publish("FailedScheduling", Involved.POD_NOT_OF_INTEREST)).isFalse();
    assertThat(selection.publish("FailedScheduling", Involved.POD_UNKNOWN)).isTrue();
    assertThat(selection.publish("Pulled", Involved.POD_UNKNOWN)).isFalse();
    assertThat(selection.publish("NodeNotReady", Involved.OTHER)).isTrue();
    assertThat(selection.publish("RegisteredNode", Involved.OTHER)).isFalse();
  }

  private static EventBuilder podEvent(String reason) {
    return new EventBuilder()
        .withNewMetadata()
        .withNamespace("ml")
        .withName("trainer-0.1")
        .withUid("ev-uid")
        .endMetadata()
        .withNewInvolvedObject()
        .withApiVersion("v1")
        .withKind("Pod")
        .withNamespace("ml")
        .withName("trainer-0")
        .withUid("pod-uid")
        .endInvolvedObject()
        .withReason(reason)
        .withType("Warning")
        .withMessage(
            "Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected");
  }
}
