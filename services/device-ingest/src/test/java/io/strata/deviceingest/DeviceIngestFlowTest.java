package io.strata.deviceingest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kubernetes.client.WithKubernetesTestServer;
import io.strata.deviceingest.config.DeviceIngestConfig;
import io.strata.deviceingest.scrape.ScrapeScheduler;
import io.strata.deviceingest.testing.DcgmPageWriter;
import io.strata.deviceingest.testing.FakeExporterResource;
import io.strata.embeddedkafka.InjectTestKafka;
import io.strata.embeddedkafka.KafkaTestClient;
import io.strata.embeddedkafka.StrataKafkaResource;
import io.strata.embeddedkafka.TestKafka;
import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.device.DeviceField;
import io.strata.events.device.DeviceFinding;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.FindingKind;
import io.strata.events.device.FindingReason;
import io.strata.events.device.XidAction;
import io.strata.events.device.XidEvent;
import io.strata.events.device.XidOrigin;
import io.strata.events.device.XidSource;
import io.strata.events.topic.NodePartitioning;
import io.strata.events.topic.Topics;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/**
 * The whole path over real HTTP and the in-JVM broker: a two-GPU exporter page (a pod-owned GPU and
 * a DRA-claimed GPU, one default field missing, an XID that appears then stays sticky) scraped four
 * times, plus a target answering 503.
 */
@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
@WithTestResource(FakeExporterResource.class)
@WithKubernetesTestServer(crud = true)
class DeviceIngestFlowTest {

  private static final String NODE = "gpu-node-7";
  private static final String GPU_POD = "GPU-1b2c3d4e-0000-1111-2222-333344445555";
  private static final String GPU_DRA = "GPU-a4f34abc-7715-3560-dcea-7238b9611a45";
  private static final Duration WAIT = Duration.ofSeconds(30);

  @InjectTestKafka TestKafka kafka;
  @Inject ScrapeScheduler scheduler;
  @Inject DeviceIngestConfig config;

  private static String page(int lastXidOfDraGpu, double draGpuTemp) {
    Map<String, String> draLabels = new LinkedHashMap<>();
    draLabels.put("container", "ctr");
    draLabels.put("dra_claim_name", "single-gpu");
    draLabels.put("dra_claim_namespace", "gpu-test3");
    draLabels.put("dra_device_name", "gpu-1");
    draLabels.put("dra_driver_name", "gpu.nvidia.com");
    draLabels.put("dra_pool_name", NODE);
    draLabels.put("namespace", "gpu-test3");
    draLabels.put("pod", "pod1");
    List<String> fields = new ArrayList<>(DcgmPageWriter.DEFAULT_FIELDS);
    fields.addAll(DcgmPageWriter.DCP_FIELDS);
    fields.remove("DCGM_FI_DEV_VGPU_LICENSE_STATUS");
    return new DcgmPageWriter(NODE, "NVIDIA H100 80GB HBM3", "550.144.03")
        .gpu(0, GPU_POD, Map.of("container", "vllm", "namespace", "inference", "pod", "llm-0"))
        .gpu(1, GPU_DRA, draLabels)
        .fields(fields)
        .lastXid(GPU_DRA, lastXidOfDraGpu)
        .value(GPU_DRA, "DCGM_FI_DEV_GPU_TEMP", draGpuTemp)
        .write();
  }

  private void scrape(String body) throws Exception {
    FakeExporterResource.serve(exporterUrl(), body);
    await().atMost(WAIT).until(() -> scheduler.xidHistory().caughtUp());
    scheduler.scrapeAll().get(20, TimeUnit.SECONDS);
  }

  private String exporterUrl() {
    return config.scrape().targets().orElseThrow().get(0);
  }

  @Test
  void publishesSamplesOneXidEventAndFindingsOnce() throws Exception {
    scrape(page(0, 60));
    scrape(page(79, 61));
    scrape(page(79, 62));
    scrape(page(79, 63));

    String url = exporterUrl();
    String brokenUrl = config.scrape().targets().orElseThrow().get(1);
    try (KafkaTestClient client = new KafkaTestClient(kafka.bootstrapServers())) {
      // The last scrape's samples arrive after every earlier record of the same key.
      List<ConsumerRecord<String, DeviceSample>> samples =
          client.readUntil(
              Topics.DEVICE_SAMPLES,
              records ->
                  records.stream()
                              .filter(r -> url.equals(r.value().target()))
                              .filter(
                                  r ->
                                      Double.valueOf(63)
                                          .equals(r.value().field(DeviceField.GPU_TEMP)))
                              .count()
                          == 1
                      && records.stream().filter(r -> url.equals(r.value().target())).count() >= 8,
              WAIT);
      List<ConsumerRecord<String, DeviceSample>> ours =
          samples.stream().filter(r -> url.equals(r.value().target())).toList();
      assertThat(ours).hasSize(8);
      assertThat(ours)
          .extracting(ConsumerRecord::key)
          .containsOnly(
              "test-cluster/" + NODE + "/" + GPU_POD, "test-cluster/" + NODE + "/" + GPU_DRA);
      assertThat(
              ours.stream()
                  .filter(r -> r.value().gpuUuid().equals(GPU_DRA))
                  .map(r -> r.value().field(DeviceField.GPU_TEMP)))
          .containsExactlyInAnyOrder(60.0, 61.0, 62.0, 63.0);

      DeviceSample dra =
          ours.stream()
              .map(ConsumerRecord::value)
              .filter(s -> s.gpuUuid().equals(GPU_DRA) && s.lastXid() == 79)
              .findFirst()
              .orElseThrow();
      assertThat(dra.cluster()).isEqualTo("test-cluster");
      assertThat(dra.node()).isEqualTo(NODE);
      assertThat(dra.gpuIndex()).isEqualTo("1");
      assertThat(dra.pciBusId()).isEqualTo("00000000:28:00.0");
      assertThat(dra.device()).isEqualTo("nvidia1");
      assertThat(dra.modelName()).isEqualTo("NVIDIA H100 80GB HBM3");
      assertThat(dra.driverVersion()).isEqualTo("550.144.03");
      assertThat(dra.owner())
          .isEqualTo(
              new DeviceOwner(
                  "gpu-test3",
                  "pod1",
                  "ctr",
                  null,
                  null,
                  "gpu-test3",
                  "single-gpu",
                  "gpu.nvidia.com",
                  NODE,
                  "gpu-1",
                  null,
                  null));
      assertThat(dra.fields())
          .hasSize(24)
          .containsEntry(DeviceField.XID_ERRORS.key(), 79.0)
          .containsEntry(DeviceField.SM_CLOCK.key(), DcgmPageWriter.defaultValue(1, 0))
          .doesNotContainKey(DeviceField.VGPU_LICENSE_STATUS.key());
      assertThat(dra.otherFields()).isEmpty();
      DeviceSample pod = ours.get(0).value();
      assertThat(pod.gpuUuid()).isEqualTo(GPU_POD);
      assertThat(pod.owner())
          .isEqualTo(
              new DeviceOwner(
                  "inference",
                  "llm-0",
                  "vllm",
                  null,
                  null,
                  null,
                  null,
                  null,
                  null,
                  null,
                  null,
                  null));
      assertThat(CloudEventHeaders.read(ours.get(0).headers()))
          .hasValueSatisfying(
              ce -> {
                assertThat(ce.type()).isEqualTo("io.strata.device_sample.v1");
                assertThat(ce.source()).isEqualTo("/strata/device-ingest");
                assertThat(ce.subject()).isEqualTo(ours.get(0).key());
              });

      List<ConsumerRecord<String, XidEvent>> xids =
          client.readUntil(
              Topics.DEVICE_XIDS, records -> records.size() > 1, Duration.ofSeconds(3));
      assertThat(xids)
          .singleElement()
          .satisfies(
              record -> {
                assertThat(record.key()).isEqualTo("test-cluster/" + NODE + "/" + GPU_DRA);
                XidEvent xid = record.value();
                assertThat(xid.xid()).isEqualTo(79);
                assertThat(xid.mnemonic()).isEqualTo("ROBUST_CHANNEL_GPU_HAS_FALLEN_OFF_THE_BUS");
                assertThat(xid.description()).isEqualTo("GPU has fallen off the bus");
                assertThat(xid.immediateAction()).isEqualTo(XidAction.RESTART_BM);
                assertThat(xid.origin()).isEqualTo(XidOrigin.DEVICE);
                assertThat(xid.source()).isEqualTo(XidSource.LAST_XID_GAUGE);
                assertThat(xid.occurrences()).isEqualTo(1);
                assertThat(xid.gpuIndex()).isEqualTo("1");
                assertThat(xid.owner().draClaimName()).isEqualTo("single-gpu");
                assertThat(xid.target()).isEqualTo(url);
                assertThat(CloudEventHeaders.last(record.headers(), CloudEventHeaders.CE_TYPE))
                    .isEqualTo("io.strata.xid_event.v1");
                assertThat(CloudEventHeaders.last(record.headers(), CloudEventHeaders.CE_ID))
                    .as("ce_id is the event's own id, minted from the occurrence")
                    .isEqualTo(xid.eventId());
                assertThat(record.partition())
                    .isEqualTo(NodePartitioning.partition("test-cluster/" + NODE, 6));
              });

      List<ConsumerRecord<String, DeviceFinding>> findings =
          client.readUntil(
              Topics.DEVICE_FINDINGS, records -> records.size() > 2, Duration.ofSeconds(3));
      assertThat(findings)
          .extracting(ConsumerRecord::key)
          .containsExactlyInAnyOrder("test-cluster/" + url, "test-cluster/" + brokenUrl);
      DeviceFinding missing = value(findings, FindingKind.FIELD_MISSING);
      assertThat(missing.reason()).isEqualTo(FindingReason.EXPECTED_FIELD_ABSENT);
      assertThat(missing.target()).isEqualTo(url);
      assertThat(missing.missingFields()).containsExactly("DCGM_FI_DEV_VGPU_LICENSE_STATUS");
      DeviceFinding broken = value(findings, FindingKind.SCRAPE_FAILED);
      assertThat(broken.reason()).isEqualTo(FindingReason.HTTP_STATUS);
      assertThat(broken.target()).isEqualTo(brokenUrl);
      assertThat(broken.message()).contains("503");
    }

    given()
        .when()
        .get("/q/metrics")
        .then()
        .statusCode(200)
        .body(containsString("strata_device_ingest_missing_fields{target=\"" + url + "\"} 1.0"))
        .body(containsString("strata_device_ingest_xid_events_total 1.0"))
        // The broken target never answered, so the age grows with real time: its value is not
        // known here (DataAgeTest pins the arithmetic), only that the gauge is exported.
        .body(containsString("# TYPE strata_device_ingest_data_age_max_seconds gauge"))
        .body(
            containsString(
                "strata_device_ingest_scrapes_total{outcome=\"http_status\",target=\""
                    + brokenUrl
                    + "\"} 4.0"));
  }

  private static DeviceFinding value(
      List<ConsumerRecord<String, DeviceFinding>> findings, FindingKind kind) {
    return findings.stream()
        .map(ConsumerRecord::value)
        .filter(f -> f.kind() == kind)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + kind + " in " + findings));
  }
}
