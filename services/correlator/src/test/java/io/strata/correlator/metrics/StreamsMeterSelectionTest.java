package io.strata.correlator.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StreamsMeterSelectionTest {

  @Test
  void perProcessorNodeAndPerStoreOperationMetersAreDropped() {
    assertThat(
            StreamsMeterSelection.publishes("kafka.stream.processor.node.record.e2e.latency.max"))
        .isFalse();
    assertThat(StreamsMeterSelection.publishes("kafka.stream.state.put.rate")).isFalse();
    assertThat(StreamsMeterSelection.publishes("kafka.stream.state.record.e2e.latency.avg"))
        .isFalse();
  }

  @Test
  void storeSizesAndEverythingElseArePublished() {
    assertThat(StreamsMeterSelection.publishes("kafka.stream.state.size.all.mem.tables")).isTrue();
    assertThat(StreamsMeterSelection.publishes("kafka.stream.state.total.sst.files.size")).isTrue();
    assertThat(StreamsMeterSelection.publishes("kafka.stream.thread.process.rate")).isTrue();
    assertThat(StreamsMeterSelection.publishes("kafka.stream.state.updater.active.restoring.tasks"))
        .isTrue();
    assertThat(StreamsMeterSelection.publishes("kafka.stream.state.updater.restore.records.rate"))
        .isTrue();
    assertThat(StreamsMeterSelection.publishes("kafka.stream.task.dropped.records.total")).isTrue();
    assertThat(StreamsMeterSelection.publishes("kafka.consumer.fetch.manager.records.lag.max"))
        .isTrue();
    assertThat(StreamsMeterSelection.publishes("strata.correlator.prompt.commits")).isTrue();
    assertThat(StreamsMeterSelection.publishes("jvm.memory.used")).isTrue();
  }
}
