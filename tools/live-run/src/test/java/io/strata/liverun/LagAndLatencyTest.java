package io.strata.liverun;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class LagAndLatencyTest {

  private static final TopicPartition SAMPLES_0 = new TopicPartition("strata.device.samples.v1", 0);
  private static final TopicPartition SAMPLES_1 = new TopicPartition("strata.device.samples.v1", 1);
  private static final TopicPartition SPANS_0 = new TopicPartition("strata.traces.spans.v1", 0);

  @Test
  void lagIsEndMinusCommittedSummedPerTopicOverTheGroupsPartitionsOnly() {
    Map<String, Long> lag =
        Lag.byTopic(
            Map.of(SAMPLES_0, 90L, SAMPLES_1, 200L),
            Map.of(SAMPLES_0, 100L, SAMPLES_1, 250L, SPANS_0, 1_000L));
    assertThat(lag).containsExactlyEntriesOf(Map.of("strata.device.samples.v1", 60L));
  }

  @Test
  void aCommittedOffsetPastTheStableEndIsNoNegativeLag() {
    assertThat(Lag.byTopic(Map.of(SPANS_0, 12L), Map.of(SPANS_0, 10L)))
        .containsExactlyEntriesOf(Map.of("strata.traces.spans.v1", 0L));
  }

  @Test
  void p99OfTenLatenciesIsTheWorstAndP50TheFifth() {
    List<Long> ms = List.of(900L, 700L, 1_200L, 650L, 800L, 3_100L, 720L, 690L, 1_000L, 750L);
    assertThat(Latencies.percentile(ms, 99)).hasValue(3_100L);
    assertThat(Latencies.percentile(ms, 50)).hasValue(750L);
    assertThat(Latencies.percentile(List.of(), 99)).isEmpty();
  }

  @Test
  void readerLagSumsThePartitionSeriesPerTopicAndSkipsUnknown() {
    List<PromText.Series> series =
        PromText.parse(
            """
            kafka_consumer_fetch_manager_records_lag{client_id="r",partition="0",topic="strata_incidents_v1"} 3.0
            kafka_consumer_fetch_manager_records_lag{client_id="r",partition="1",topic="strata_incidents_v1"} 4.0
            kafka_consumer_fetch_manager_records_lag{client_id="r",partition="2",topic="strata_incidents_v1"} NaN
            kafka_consumer_fetch_manager_records_lag_max{client_id="r",topic="strata_incidents_v1"} 4.0
            """);
    assertThat(Tick.readerLag(series)).containsExactlyEntriesOf(Map.of("strata_incidents_v1", 7L));
  }
}
