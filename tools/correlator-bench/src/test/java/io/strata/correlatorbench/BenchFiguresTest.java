package io.strata.correlatorbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The parts of the run that read figures and options, without a broker. */
class BenchFiguresTest {

  @Test
  void heapUsedSumsTheHeapPoolsOfThePrometheusPageAndIgnoresNonHeap() {
    String page =
        String.join(
            "\n",
            "# HELP jvm_memory_used_bytes The amount of used memory",
            "# TYPE jvm_memory_used_bytes gauge",
            "jvm_memory_used_bytes{area=\"heap\",id=\"G1 Eden Space\"} 1.048576E8",
            "jvm_memory_used_bytes{area=\"heap\",id=\"G1 Old Gen\"} 2.097152E8",
            "jvm_memory_used_bytes{area=\"nonheap\",id=\"Metaspace\"} 9.0E7",
            "jvm_memory_max_bytes{area=\"heap\",id=\"G1 Old Gen\"} 1.073741824E9");
    assertThat(CorrelatorProcess.heapUsed(page)).isEqualTo(314_572_800L);
  }

  @Test
  void metricSumAddsEveryLabelSetOfOneMetricAndSkipsNaNAndPrefixedNames() {
    String page =
        String.join(
            "\n",
            "kafka_stream_thread_commit_total{thread_id=\"t1\"} 120.0",
            "kafka_stream_thread_commit_total{thread_id=\"t2\"} 30.0",
            "kafka_stream_thread_commit_total_other{thread_id=\"t1\"} 5.0",
            "kafka_producer_record_send_total{client_id=\"p\"} NaN");
    assertThat(BrokerWrites.metricSum(page, BrokerWrites.COMMITS)).isEqualTo(150.0);
    assertThat(BrokerWrites.metricSum(page, BrokerWrites.RECORDS_SENT)).isEqualTo(0.0);
  }

  @Test
  void faultLatencyQuantilesAreNearestRank() {
    java.util.List<Long> millis = java.util.List.of(100L, 200L, 300L, 400L, 1000L);
    assertThat(FaultProbe.quantile(millis, 0.50)).isEqualTo(300L);
    assertThat(FaultProbe.quantile(millis, 0.99)).isEqualTo(1000L);
    assertThat(FaultProbe.quantile(java.util.List.of(7L), 0.99)).isEqualTo(7L);
  }

  @Test
  void optionsHaveTheIssuesDefaultsAndRejectUnknownOnes() {
    BenchOptions defaults = BenchOptions.parse();
    assertThat(defaults.gpus()).isEqualTo(1000);
    assertThat(defaults.seconds()).isEqualTo(120);
    assertThat(defaults.maxSeconds()).isEqualTo(300);
    assertThat(defaults.jfr()).isNull();
    assertThat(defaults.faults()).isEqualTo(1);
    assertThat(BenchOptions.parse("--faults", "20").faults()).isEqualTo(20);
    assertThat(defaults.faultsDuringDrain()).isEqualTo(0);
    assertThat(BenchOptions.parse("--faults-during-drain", "10").faultsDuringDrain()).isEqualTo(10);
    assertThatThrownBy(() -> BenchOptions.parse("--faults-during-drain", "-1"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--faults-during-drain must be >= 0");
    assertThat(defaults.correlatorHeap()).isEqualTo("1g");
    assertThat(BenchOptions.parse("--correlator-heap", "2g").correlatorHeap()).isEqualTo("2g");
    assertThat(BenchOptions.parse("--gpus", "10000", "--jfr", "out.jfr").jfr())
        .isEqualTo(Path.of("out.jfr"));
    assertThat(defaults.floors()).isEmpty();
    assertThat(BenchOptions.parse("--floors", "decode,STATE").floors())
        .containsExactly(FloorApp.Variant.DECODE, FloorApp.Variant.STATE);
    assertThatThrownBy(() -> BenchOptions.parse("--floors", "none"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> BenchOptions.parse("--threads", "2"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown option --threads");
  }

  @Test
  void theFloorReadsEveryInputTopicOnceAndItsStateVariantKeepsOneStorePerTopic() {
    var decode = FloorApp.topology(FloorApp.Variant.DECODE).describe();
    var state = FloorApp.topology(FloorApp.Variant.STATE).describe();
    assertThat(decode.subtopologies()).hasSize(InputTopics.ALL.size());
    assertThat(decode.subtopologies()).allSatisfy(s -> assertThat(s.nodes()).hasSize(2));
    assertThat(decode.toString()).doesNotContain("stores: [latest-");
    assertThat(state.toString()).contains("stores: [latest-" + InputTopics.ALL.get(0).name() + "]");
    assertThat(state.subtopologies()).hasSize(InputTopics.ALL.size());
  }

  @Test
  void aThousandGpusAre125NodesOf8And20WorkloadsOf250PodsInAll() {
    FleetShape fleet = FleetShape.of(1000);
    assertThat(fleet.nodes()).hasSize(125);
    assertThat(fleet.workloads()).hasSize(20);
    assertThat(fleet.pods()).hasSize(250);
    assertThat(fleet.workloads().stream().filter(FleetShape.Workload::dra).count()).isEqualTo(1);
    assertThatThrownBy(() -> FleetShape.of(6)).isInstanceOf(IllegalArgumentException.class);
  }
}
