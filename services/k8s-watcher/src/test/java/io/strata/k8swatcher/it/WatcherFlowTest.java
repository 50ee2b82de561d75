package io.strata.k8swatcher.it;

import static io.strata.k8swatcher.support.Objects.H100;
import static io.strata.k8swatcher.support.Objects.controller;
import static io.strata.k8swatcher.support.Objects.gpuPod;
import static io.strata.k8swatcher.support.Objects.gpus;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.ReplicaSet;
import io.fabric8.kubernetes.api.model.apps.ReplicaSetBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kubernetes.client.KubernetesServer;
import io.quarkus.test.kubernetes.client.KubernetesTestServer;
import io.quarkus.test.kubernetes.client.WithKubernetesTestServer;
import io.strata.embeddedkafka.InjectTestKafka;
import io.strata.embeddedkafka.KafkaTestClient;
import io.strata.embeddedkafka.StrataKafkaResource;
import io.strata.embeddedkafka.TestKafka;
import io.strata.events.Correlation;
import io.strata.events.EventType;
import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.k8s.AllocatedDevice;
import io.strata.events.k8s.AllocatedResource;
import io.strata.events.k8s.ClaimState;
import io.strata.events.k8s.Condition;
import io.strata.events.k8s.ContainerState;
import io.strata.events.k8s.NodeState;
import io.strata.events.k8s.ObjectRef;
import io.strata.events.k8s.PodClaimRef;
import io.strata.events.k8s.PodPhase;
import io.strata.events.k8s.PodState;
import io.strata.events.k8s.Taint;
import io.strata.events.k8s.WorkloadEvent;
import io.strata.events.k8s.WorkloadEventReason;
import io.strata.events.k8s.WorkloadKind;
import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import io.strata.k8swatcher.support.DraDiscovery;
import io.strata.k8swatcher.support.Objects;
import io.strata.k8swatcher.support.Schemas;
import io.strata.k8swatcher.support.TestClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/**
 * The whole watcher against the fabric8 mock API server (CRUD mode, real watches) and a real
 * broker: every record asserted field by field, tombstones included.
 */
@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
@WithKubernetesTestServer(crud = true, setup = DraDiscovery.class)
class WatcherFlowTest {

  private static final String CLUSTER = "test-cluster";
  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final Instant NOW = TestClock.NOW;

  @KubernetesTestServer KubernetesServer server;

  @InjectTestKafka TestKafka kafka;

  @Test
  void publishesIdentityOwnershipEventsAndTombstones() {
    KubernetesClient k8s = server.getClient();
    try (KafkaTestClient topics = new KafkaTestClient(kafka.bootstrapServers())) {
      Node node = k8s.nodes().resource(Objects.gpuNode("gpu-node-1")).create();
      Pod web = k8s.pods().resource(webPod()).create();
      Pod llm = createDeploymentPod(k8s);
      Pod train = createCronJobPod(k8s);
      Pod chat = k8s.pods().resource(knativePod()).create();
      k8s.resources(ResourceSlice.class).resource(Objects.slice("gpu-node-1")).create();
      Pod draPod = k8s.pods().resource(draPod()).create();
      ResourceClaim claim =
          k8s.resources(ResourceClaim.class)
              .resource(Objects.allocatedClaim("gpu-test1", "pod1-gpu-x7k2p", "gpu-node-1", draPod))
              .create();

      Map<String, PodState> expectedPods =
          Map.of(
              key(llm), expectedLlm(llm),
              key(train), expectedTrain(train),
              key(chat), expectedChat(chat),
              key(draPod), expectedDraPod(draPod));
      assertThat(awaitLatest(topics, Topics.K8S_PODS, expectedPods))
          .containsExactlyInAnyOrderEntriesOf(expectedPods);
      assertThat(
              awaitLatest(
                  topics,
                  Topics.K8S_NODES,
                  Map.of(CLUSTER + "/gpu-node-1", expectedNode(node, false))))
          .containsExactlyEntriesOf(Map.of(CLUSTER + "/gpu-node-1", expectedNode(node, false)));
      String claimKey = CLUSTER + "/gpu-test1/pod1-gpu-x7k2p";
      assertThat(awaitLatest(topics, Topics.K8S_CLAIMS, Map.of(claimKey, expectedClaim(claim))))
          .containsExactlyEntriesOf(Map.of(claimKey, expectedClaim(claim)));

      Node cordoned =
          k8s.nodes()
              .withName("gpu-node-1")
              .edit(n -> new NodeBuilder(n).editSpec().withUnschedulable(true).endSpec().build());
      NodeState cordonedState = expectedNode(cordoned, true);
      assertThat(cordonedState.schedulable()).isFalse();
      assertThat(
              awaitLatest(topics, Topics.K8S_NODES, Map.of(CLUSTER + "/gpu-node-1", cordonedState)))
          .containsExactlyEntriesOf(Map.of(CLUSTER + "/gpu-node-1", cordonedState));

      assertConform(EventType.NODE_STATE, List.of(expectedNode(node, false), cordonedState));
      assertConform(EventType.CLAIM_STATE, List.of(expectedClaim(claim)));

      assertEvents(k8s, topics, train, llm, web);

      k8s.pods().resource(train).delete();
      List<ConsumerRecord<String, PodState>> podRecords =
          topics.readUntil(
              Topics.K8S_PODS,
              records ->
                  !records.isEmpty()
                      && lastFor(records, key(train)) == null
                      && records.stream()
                          .anyMatch(r -> r.key().equals(key(train)) && r.value() == null),
              WAIT);
      ConsumerRecord<String, PodState> tombstone =
          podRecords.stream()
              .filter(r -> r.key().equals(key(train)))
              .reduce((a, b) -> b)
              .orElseThrow();
      assertThat(tombstone.value()).isNull();
      assertThat(CloudEventHeaders.last(tombstone.headers(), CloudEventHeaders.CE_SOURCE))
          .isEqualTo("/strata/k8s-watcher");
      assertThat(podRecords).noneMatch(r -> r.key().equals(key(web)));
      assertConform(EventType.POD_STATE, podRecords.stream().map(ConsumerRecord::value).toList());
      assertThat(latest(podRecords)).containsEntry(key(llm), expectedLlm(llm));
    }
  }

  private void assertEvents(
      KubernetesClient k8s, KafkaTestClient topics, Pod train, Pod llm, Pod web) {
    String scheduling =
        "0/1 nodes are available: 1 Insufficient nvidia.com/gpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod..";
    Event failed =
        k8s.v1()
            .events()
            .resource(
                Objects.event(
                    "training",
                    train.getMetadata().getName() + ".187c4f0a2b3c4d5e",
                    train,
                    "FailedScheduling",
                    scheduling,
                    1))
            .create();
    k8s.v1()
        .events()
        .resource(
            Objects.event(
                "inference",
                "web-0.187c4f0a2b3c4d60",
                web,
                "BackOff",
                "Back-off restarting failed container main",
                1))
        .create();
    Event custom =
        k8s.v1()
            .events()
            .resource(
                Objects.event(
                    "inference",
                    llm.getMetadata().getName() + ".187c4f0a2b3c4d61",
                    llm,
                    "GpuHealthDegraded",
                    "custom reason from a site operator",
                    1))
            .create();
    Pod ghost =
        new PodBuilder()
            .withNewMetadata()
            .withNamespace("training")
            .withName("ghost-0")
            .withUid("uid-pod-ghost-0")
            .endMetadata()
            .build();
    String dra =
        "0/2 nodes are available: 1 cannot allocate all claims, 1 node(s) didn't match Pod's node affinity/selector.";
    Event ghostEvent =
        new EventBuilder(
                Objects.event(
                    "training", "ghost-0.187c4f0a2b3c4d62", ghost, "FailedScheduling", dra, 1))
            .editSource()
            .withHost("gpu-node-1")
            .endSource()
            .build();
    ghostEvent = k8s.v1().events().resource(ghostEvent).create();

    Correlation trainIdentity = trainCorrelation(train);
    WorkloadEvent first =
        workloadEvent(
            failed,
            trainIdentity,
            WorkloadEventReason.FAILED_SCHEDULING,
            1,
            "2026-11-30T11:50:00Z");
    WorkloadEvent customRecord =
        workloadEvent(
            custom, llmCorrelation(llm), WorkloadEventReason.OTHER, 1, "2026-11-30T11:50:00Z");
    WorkloadEvent ghostRecord =
        workloadEvent(
            ghostEvent,
            Correlation.builder()
                .cluster(CLUSTER)
                .namespace("training")
                .pod("ghost-0")
                .node("gpu-node-1")
                .build(),
            WorkloadEventReason.FAILED_SCHEDULING,
            1,
            "2026-11-30T11:50:00Z");
    Map<String, WorkloadEvent> expected =
        Map.of(
            key(train), first, key(llm), customRecord, CLUSTER + "/training/ghost-0", ghostRecord);
    assertThat(awaitLatest(topics, Topics.K8S_EVENTS, expected))
        .containsExactlyInAnyOrderEntriesOf(expected);

    Event repeated =
        k8s.v1()
            .events()
            .resource(failed)
            .edit(
                e ->
                    new EventBuilder(e)
                        .withCount(2)
                        .withLastTimestamp("2026-11-30T11:55:00Z")
                        .build());
    WorkloadEvent second =
        workloadEvent(
            repeated,
            trainIdentity,
            WorkloadEventReason.FAILED_SCHEDULING,
            2,
            "2026-11-30T11:55:00Z");
    List<ConsumerRecord<String, WorkloadEvent>> events =
        topics.readUntil(
            Topics.K8S_EVENTS, records -> second.equals(lastFor(records, key(train))), WAIT);
    assertThat(events.stream().filter(r -> r.key().equals(key(train))).map(ConsumerRecord::value))
        .containsExactly(first, second);
    assertThat(events).noneMatch(r -> r.key().equals(key(web)));
    assertConform(EventType.WORKLOAD_EVENT, events.stream().map(ConsumerRecord::value).toList());
    ConsumerRecord<String, WorkloadEvent> record = events.get(events.size() - 1);
    assertThat(CloudEventHeaders.read(record.headers()))
        .hasValueSatisfying(
            ce -> {
              assertThat(ce.type()).isEqualTo("io.strata.workload_event.v1");
              assertThat(ce.source()).isEqualTo("/strata/k8s-watcher");
              assertThat(ce.time()).isEqualTo(NOW);
              assertThat(ce.contentType()).isEqualTo("application/json");
            });
  }

  /** Published records conform to the JSON Schema the events module ships for their type. */
  private static void assertConform(EventType type, Collection<?> values) {
    assertThat(values).isNotEmpty();
    values.stream()
        .filter(java.util.Objects::nonNull)
        .forEach(v -> assertThat(Schemas.violations(type, v)).as("%s", v).isEmpty());
  }

  // ---- objects ----

  private static Pod createDeploymentPod(KubernetesClient k8s) {
    ReplicaSet replicaSet =
        k8s.apps()
            .replicaSets()
            .resource(
                new ReplicaSetBuilder()
                    .withNewMetadata()
                    .withNamespace("inference")
                    .withName("llm-server-7d9f8c6b5")
                    .withUid("uid-replicaset-llm-server-7d9f8c6b5")
                    .addToOwnerReferences(controller("apps/v1", "Deployment", "llm-server"))
                    .endMetadata()
                    .build())
            .create();
    Pod pod =
        gpuPod("inference", "llm-server-7d9f8c6b5-x2x7q", 2)
            .editMetadata()
            .addToOwnerReferences(controlledBy(replicaSet))
            .addToLabels("model_version", "llama-3.1-70b-v3")
            .addToLabels("app.kubernetes.io/version", "2.4.0")
            .addToLabels("kueue.x-k8s.io/queue-name", "inference-queue")
            .endMetadata()
            .editSpec()
            .withNodeName("gpu-node-1")
            .endSpec()
            .withNewStatus()
            .withPhase("Running")
            .addNewCondition()
            .withType("Ready")
            .withStatus("True")
            .withLastTransitionTime("2026-11-30T11:00:05Z")
            .endCondition()
            .withContainerStatuses(Objects.oomKilledOnce("main"))
            .endStatus()
            .build();
    return k8s.pods().resource(pod).create();
  }

  private static Pod createCronJobPod(KubernetesClient k8s) {
    Job job =
        k8s.batch()
            .v1()
            .jobs()
            .resource(
                new JobBuilder()
                    .withNewMetadata()
                    .withNamespace("training")
                    .withName("nightly-train-29410560")
                    .withUid("uid-job-nightly-train-29410560")
                    .addToOwnerReferences(controller("batch/v1", "CronJob", "nightly-train"))
                    .endMetadata()
                    .build())
            .create();
    Pod pod =
        gpuPod("training", "nightly-train-29410560-7kq2m", 1)
            .editMetadata()
            .addToOwnerReferences(controlledBy(job))
            .addToLabels("kueue.x-k8s.io/queue-name", "training-queue")
            .endMetadata()
            .withNewStatus()
            .withPhase("Pending")
            .addNewCondition()
            .withType("PodScheduled")
            .withStatus("False")
            .withReason("Unschedulable")
            .withMessage("0/1 nodes are available: 1 Insufficient nvidia.com/gpu.")
            .withLastTransitionTime("2026-11-30T11:50:00Z")
            .endCondition()
            .endStatus()
            .build();
    return k8s.pods().resource(pod).create();
  }

  private static Pod knativePod() {
    return gpuPod("serving", "chat-00003-deployment-5c6d7b8f9-qwert", 1)
        .editMetadata()
        .addToOwnerReferences(
            controller("apps/v1", "ReplicaSet", "chat-00003-deployment-5c6d7b8f9"))
        .addToLabels("serving.knative.dev/service", "chat")
        .addToLabels("serving.knative.dev/revision", "chat-00003")
        .addToLabels("serving.knative.dev/configuration", "chat")
        .endMetadata()
        .editSpec()
        .withNodeName("gpu-node-1")
        .endSpec()
        .withNewStatus()
        .withPhase("Running")
        .endStatus()
        .build();
  }

  private static Pod draPod() {
    return new PodBuilder()
        .withNewMetadata()
        .withNamespace("gpu-test1")
        .withName("pod1")
        .withUid("uid-pod-pod1")
        .endMetadata()
        .withNewSpec()
        .withNodeName("gpu-node-1")
        .addToContainers(
            new ContainerBuilder()
                .withName("ctr")
                .withImage("ubuntu:22.04")
                .withNewResources()
                .addNewClaim()
                .withName("gpu")
                .endClaim()
                .endResources()
                .build())
        .addNewResourceClaim()
        .withName("gpu")
        .withResourceClaimTemplateName("single-gpu")
        .endResourceClaim()
        .endSpec()
        .withNewStatus()
        .withPhase("Running")
        .addNewResourceClaimStatus()
        .withName("gpu")
        .withResourceClaimName("pod1-gpu-x7k2p")
        .endResourceClaimStatus()
        .endStatus()
        .build();
  }

  private static Pod webPod() {
    return new PodBuilder()
        .withNewMetadata()
        .withNamespace("inference")
        .withName("web-0")
        .withUid("uid-pod-web-0")
        .endMetadata()
        .withNewSpec()
        .addToContainers(
            new ContainerBuilder()
                .withName("web")
                .withImage("nginx:1.27")
                .withNewResources()
                .addToLimits("cpu", new Quantity("1"))
                .endResources()
                .build())
        .endSpec()
        .build();
  }

  private static OwnerReference controlledBy(HasMetadata owner) {
    OwnerReference reference =
        controller(owner.getApiVersion(), owner.getKind(), owner.getMetadata().getName());
    reference.setUid(owner.getMetadata().getUid());
    return reference;
  }

  // ---- expected records ----

  private static PodState expectedLlm(Pod pod) {
    return new PodState(
        pod.getMetadata().getUid(),
        llmCorrelation(pod),
        WorkloadKind.DEPLOYMENT,
        null,
        PodPhase.RUNNING,
        List.of(new Condition("Ready", "True", null, null, Instant.parse("2026-11-30T11:00:05Z"))),
        List.of(
            new ContainerState(
                "main",
                "nvcr.io/nvidia/pytorch:24.10-py3",
                gpus(2),
                gpus(2),
                1,
                true,
                "OOMKilled",
                137)),
        gpus(2),
        gpus(2),
        List.of(),
        List.of(
            new AllocatedResource(
                "main", "nvidia.com/gpu", "GPU-3b5c2b8e-5f47-2a8d-63b4-1c0e6f7a9d10", "Healthy")),
        1,
        "OOMKilled",
        pod.getMetadata().getResourceVersion(),
        created(pod),
        NOW);
  }

  private static Correlation llmCorrelation(Pod pod) {
    return Correlation.builder()
        .cluster(CLUSTER)
        .node("gpu-node-1")
        .namespace("inference")
        .workload("llm-server")
        .pod(pod.getMetadata().getName())
        .modelVersion("llama-3.1-70b-v3")
        .queue("inference-queue")
        .acceleratorType(H100)
        .build();
  }

  private static Correlation trainCorrelation(Pod pod) {
    return Correlation.builder()
        .cluster(CLUSTER)
        .namespace("training")
        .workload("nightly-train")
        .job("nightly-train-29410560")
        .pod(pod.getMetadata().getName())
        .queue("training-queue")
        .build();
  }

  private static PodState expectedTrain(Pod pod) {
    return new PodState(
        pod.getMetadata().getUid(),
        trainCorrelation(pod),
        WorkloadKind.CRON_JOB,
        null,
        PodPhase.PENDING,
        List.of(
            new Condition(
                "PodScheduled",
                "False",
                "Unschedulable",
                "0/1 nodes are available: 1 Insufficient nvidia.com/gpu.",
                Instant.parse("2026-11-30T11:50:00Z"))),
        List.of(
            new ContainerState(
                "main",
                "nvcr.io/nvidia/pytorch:24.10-py3",
                gpus(1),
                gpus(1),
                0,
                false,
                null,
                null)),
        gpus(1),
        gpus(1),
        List.of(),
        List.of(),
        0,
        null,
        pod.getMetadata().getResourceVersion(),
        created(pod),
        NOW);
  }

  private static PodState expectedChat(Pod pod) {
    return new PodState(
        pod.getMetadata().getUid(),
        Correlation.builder()
            .cluster(CLUSTER)
            .node("gpu-node-1")
            .namespace("serving")
            .workload("chat")
            .pod(pod.getMetadata().getName())
            .modelVersion("chat-00003")
            .acceleratorType(H100)
            .build(),
        WorkloadKind.KNATIVE_SERVICE,
        "chat-00003",
        PodPhase.RUNNING,
        List.of(),
        List.of(
            new ContainerState(
                "main",
                "nvcr.io/nvidia/pytorch:24.10-py3",
                gpus(1),
                gpus(1),
                0,
                false,
                null,
                null)),
        gpus(1),
        gpus(1),
        List.of(),
        List.of(),
        0,
        null,
        pod.getMetadata().getResourceVersion(),
        created(pod),
        NOW);
  }

  private static PodState expectedDraPod(Pod pod) {
    return new PodState(
        pod.getMetadata().getUid(),
        Correlation.builder()
            .cluster(CLUSTER)
            .node("gpu-node-1")
            .namespace("gpu-test1")
            .workload("pod1")
            .pod("pod1")
            .acceleratorType(H100)
            .build(),
        WorkloadKind.BARE_POD,
        null,
        PodPhase.RUNNING,
        List.of(),
        List.of(
            new ContainerState("ctr", "ubuntu:22.04", Map.of(), Map.of(), 0, false, null, null)),
        Map.of(),
        Map.of(),
        List.of(new PodClaimRef("gpu", "pod1-gpu-x7k2p")),
        List.of(),
        0,
        null,
        pod.getMetadata().getResourceVersion(),
        created(pod),
        NOW);
  }

  private static NodeState expectedNode(Node node, boolean cordoned) {
    return new NodeState(
        CLUSTER,
        "gpu-node-1",
        !cordoned,
        cordoned,
        List.of(new Taint("nvidia.com/gpu", "present", "NoSchedule", null)),
        List.of(
            new Condition(
                "Ready",
                "True",
                "KubeletReady",
                "kubelet is posting ready status",
                Instant.parse("2026-11-30T08:00:00Z"))),
        gpus(8),
        gpus(8),
        H100,
        Map.of(
            "nvidia.com/gpu.product", H100,
            "nvidia.com/gpu.count", "8",
            "topology.kubernetes.io/zone", "eu-west-1a"),
        node.getMetadata().getResourceVersion(),
        NOW);
  }

  private static ClaimState expectedClaim(ResourceClaim claim) {
    return new ClaimState(
        CLUSTER,
        "gpu-test1",
        "pod1-gpu-x7k2p",
        claim.getMetadata().getUid(),
        "v1",
        true,
        "gpu-node-1",
        List.of(
            new AllocatedDevice(
                "gpu",
                "gpu.nvidia.com",
                "gpu-node-1",
                "gpu-1",
                "GPU-e5f6a7b8-6666-7777-8888-9999aaaabbbb",
                null)),
        List.of(
            new ObjectRef(
                "v1",
                "Pod",
                "gpu-test1",
                "pod1",
                claim.getStatus().getReservedFor().get(0).getUid())),
        List.of(
            new Taint("gpu.nvidia.com/xid", "79", "NoSchedule", "gpu.nvidia.com/gpu-node-1/gpu-1")),
        claim.getMetadata().getResourceVersion(),
        NOW);
  }

  private static WorkloadEvent workloadEvent(
      Event event, Correlation identity, WorkloadEventReason reason, int count, String last) {
    return new WorkloadEvent(
        event.getMetadata().getUid(),
        CLUSTER,
        new ObjectRef(
            "v1",
            "Pod",
            event.getInvolvedObject().getNamespace(),
            event.getInvolvedObject().getName(),
            event.getInvolvedObject().getUid()),
        reason,
        event.getReason(),
        "Warning",
        event.getMessage(),
        count,
        Instant.parse("2026-11-30T11:50:00Z"),
        Instant.parse(last),
        "default-scheduler",
        identity,
        NOW);
  }

  // ---- reading ----

  private static String key(Pod pod) {
    return CLUSTER + "/" + pod.getMetadata().getNamespace() + "/" + pod.getMetadata().getName();
  }

  private static Instant created(Pod pod) {
    String created = pod.getMetadata().getCreationTimestamp();
    return created == null ? null : Instant.parse(created);
  }

  /** Reads until the latest value of every expected key equals the expectation (or timeout). */
  private static <V> Map<String, V> awaitLatest(
      KafkaTestClient topics, Topic<String, V> topic, Map<String, V> expected) {
    List<ConsumerRecord<String, V>> records =
        topics.readUntil(
            topic,
            read -> {
              Map<String, V> latest = latest(read);
              return expected.entrySet().stream()
                  .allMatch(e -> e.getValue().equals(latest.get(e.getKey())));
            },
            WAIT);
    Map<String, V> latest = latest(records);
    latest.keySet().retainAll(expected.keySet());
    return latest;
  }

  private static <V> Map<String, V> latest(List<ConsumerRecord<String, V>> records) {
    Map<String, V> latest = new HashMap<>();
    records.forEach(r -> latest.put(r.key(), r.value()));
    return latest;
  }

  private static <V> V lastFor(List<ConsumerRecord<String, V>> records, String key) {
    V last = null;
    for (ConsumerRecord<String, V> record : records) {
      if (record.key().equals(key)) {
        last = record.value();
      }
    }
    return last;
  }
}
