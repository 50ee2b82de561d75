package io.strata.events.topic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.kafka.clients.producer.internals.BuiltInPartitioner;
import org.apache.kafka.common.Cluster;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.PartitionInfo;
import org.junit.jupiter.api.Test;

class NodePartitioningTest {

  @Test
  void everyKeyOfANodeSharesThePartitionKafkaGivesTheNodeKey() {
    int forNode =
        BuiltInPartitioner.partitionForKey("prod/gpu-node-7".getBytes(StandardCharsets.UTF_8), 6);
    assertThat(NodePartitioning.partition("prod/gpu-node-7", 6)).isEqualTo(forNode);
    assertThat(NodePartitioning.partition("prod/gpu-node-7/GPU-1234", 6)).isEqualTo(forNode);
    assertThat(NodePartitioning.partition("prod/gpu-node-7/GPU-5678", 6)).isEqualTo(forNode);
  }

  @Test
  void aKeyWithoutClusterAndNodeIsRefused() {
    assertThatIllegalArgumentException().isThrownBy(() -> NodePartitioning.partition("prod", 6));
    assertThatIllegalArgumentException().isThrownBy(() -> NodePartitioning.partition("prod/", 6));
    assertThatIllegalArgumentException()
        .isThrownBy(() -> NodePartitioning.partition("prod//GPU-1", 6));
    assertThatIllegalArgumentException().isThrownBy(() -> NodePartitioning.partition(null, 6));
  }

  @Test
  void theProducerPartitionerPlacesNodeTopicsByNodeAndOthersByKey() {
    Node broker = new Node(0, "localhost", 9092);
    List<PartitionInfo> partitions =
        java.util.stream.IntStream.range(0, 6)
            .mapToObj(
                p ->
                    new PartitionInfo(
                        Topics.DEVICE_SAMPLES.name(),
                        p,
                        broker,
                        new Node[] {broker},
                        new Node[] {broker}))
            .toList();
    Cluster cluster =
        new Cluster("c", List.of(broker), partitions, java.util.Set.of(), java.util.Set.of());
    NodePartitioner partitioner = new NodePartitioner();
    String key = "prod/gpu-node-7/GPU-1234";
    assertThat(
            partitioner.partition(
                Topics.DEVICE_SAMPLES.name(),
                key,
                key.getBytes(StandardCharsets.UTF_8),
                null,
                null,
                cluster))
        .isEqualTo(NodePartitioning.partition("prod/gpu-node-7", 6));
    byte[] orphan = "orphan".getBytes(StandardCharsets.UTF_8);
    assertThat(
            partitioner.partition(
                Topics.DEVICE_SAMPLES.name(), orphan, orphan, null, null, cluster))
        .as("a key without cluster/node keeps the key hash; its reader rejects it")
        .isEqualTo(BuiltInPartitioner.partitionForKey(orphan, 6));
    assertThat(Topics.DEVICE_SAMPLES.partitioning()).isEqualTo(Partitioning.NODE);
    assertThat(Topics.DEVICE_XIDS.partitioning()).isEqualTo(Partitioning.NODE);
    assertThat(Topics.K8S_NODES.partitioning()).isEqualTo(Partitioning.NODE);
    assertThat(Topics.TRACE_SPANS.partitioning()).isEqualTo(Partitioning.KEY_HASH);
  }

  @Test
  void nodePartitionedTopicsShareOnePartitionCountSoTheyStayCoPartitioned() {
    assertThat(
            Topics.all().stream()
                .filter(t -> t.partitioning() == Partitioning.NODE)
                .map(Topic::defaultPartitions)
                .distinct()
                .toList())
        .containsExactly(6);
  }
}
