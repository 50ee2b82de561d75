package io.strata.traceingest;

import io.micrometer.core.instrument.MeterRegistry;
import io.strata.events.topic.Topics;
import io.strata.events.trace.Stage;
import io.strata.kafka.publish.KafkaAvailability;
import io.strata.traceingest.config.TraceIngestConfig;
import io.strata.traceingest.kafka.InFlightLimits;
import io.strata.traceingest.kafka.KafkaSpanSink;
import io.strata.traceingest.kafka.SpanSink;
import io.strata.traceingest.otlp.OtlpRequestDecoder;
import io.strata.traceingest.receiver.ExportPipeline;
import io.strata.traceingest.receiver.TraceIngestMetrics;
import io.strata.traceingest.stages.ConfiguredSources;
import io.strata.traceingest.stages.StageSources;
import io.strata.traceingest.summary.AttributeKeys;
import io.strata.traceingest.summary.SpanSummarizer;
import io.strata.traceingest.summary.StageTable;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.producer.Producer;
import org.eclipse.microprofile.config.Config;

/** Wires the plain-Java core from configuration; the only place that knows both. */
public class ServiceBeans {

  // The Clock comes from strata-kafka-support's ClockProducer (a default bean tests can replace).

  @Produces
  @Singleton
  SpanSummarizer summarizer(TraceIngestConfig config) {
    TraceIngestConfig.Stages stages = config.stages();
    StageTable table =
        new StageTable(
            Map.of(
                Stage.QUEUE_WAIT, stages.queueWait(),
                Stage.MODEL_LOAD, stages.modelLoad(),
                Stage.BATCH_PREPARE, stages.batchPrepare(),
                Stage.GPU_EXECUTE, stages.gpuExecute(),
                Stage.RESPONSE_ENCODE, stages.responseEncode()),
            Set.copyOf(stages.request().orElse(List.of())));
    TraceIngestConfig.Attributes attributes = config.attributes();
    AttributeKeys keys =
        new AttributeKeys(
            attributes.modelVersion(),
            attributes.queue(),
            attributes.gpuUuid(),
            attributes.acceleratorType(),
            attributes.outputTokens());
    return new SpanSummarizer(
        table, stageSources(config.stageSources()), keys, attributes.maxStatusMessageLength());
  }

  private static StageSources stageSources(TraceIngestConfig.StageSources config) {
    Map<String, ConfiguredSources.Custom> custom = new HashMap<>();
    config
        .custom()
        .forEach(
            (name, source) ->
                custom.put(
                    name,
                    new ConfiguredSources.Custom(
                        source.spanNames(),
                        source.signature(),
                        source.unit(),
                        source.anchor(),
                        source.stages())));
    return ConfiguredSources.build(
        config.builtIn(), custom, "strata.trace-ingest.stage-sources.custom");
  }

  @Produces
  @Singleton
  InFlightLimits limits(TraceIngestConfig config) {
    return new InFlightLimits(
        config.receiver().maxInFlightRequests(), config.receiver().maxInFlightSpans());
  }

  @Produces
  @Singleton
  KafkaAvailability kafkaAvailability(Clock clock, TraceIngestConfig config) {
    return new KafkaAvailability(clock, config.receiver().retryAfter());
  }

  @Produces
  @Singleton
  TraceIngestMetrics metrics(MeterRegistry registry, InFlightLimits limits) {
    return new TraceIngestMetrics(registry, limits);
  }

  @Produces
  @Singleton
  SpanSink sink(Producer<String, byte[]> producer, Config raw) {
    // strata.topic.traces-spans comes from the events module's TopicConfigSource.
    String topicName = raw.getValue("strata.topic.traces-spans", String.class);
    return new KafkaSpanSink(producer, topicName, Topics.TRACE_SPANS);
  }

  @Produces
  @Singleton
  OtlpRequestDecoder decoder(TraceIngestConfig config) {
    return new OtlpRequestDecoder(config.receiver().maxBodyBytes());
  }

  @Produces
  @Singleton
  ExportPipeline pipeline(
      SpanSummarizer summarizer,
      InFlightLimits limits,
      KafkaAvailability kafka,
      SpanSink sink,
      TraceIngestMetrics metrics,
      Clock clock) {
    return new ExportPipeline(summarizer, limits, kafka, sink, metrics, clock);
  }
}
