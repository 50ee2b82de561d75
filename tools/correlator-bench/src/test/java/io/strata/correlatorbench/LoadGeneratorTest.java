package io.strata.correlatorbench;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.InputFormat;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import io.strata.events.EventType;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.HealthStatus;
import io.strata.events.topic.NodePartitioning;
import io.strata.events.topic.Partitioning;
import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import io.strata.events.trace.SpanKind;
import io.strata.events.trace.SpanSummary;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The generated mix: schema-valid, counted exactly, keyed and timed as the contract says. */
class LoadGeneratorTest {

  private static final Instant T0 = Instant.parse("2026-12-01T12:00:00Z");
  private static final JsonSchemaFactory FACTORY =
      JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
  private static final SchemaValidatorsConfig STRICT =
      SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build();

  record Sent(Topic<String, ?> topic, String key, Object value, Instant timestamp) {}

  static final class ListSink implements RecordSink {
    final List<Sent> sent = new ArrayList<>();

    @Override
    public <V> void send(Topic<String, V> topic, String key, V value, Instant timestamp) {
      sent.add(new Sent(topic, key, value, timestamp));
    }
  }

  /** 104 GPUs: 13 nodes, 26 pods, two workloads of which the second gets its GPUs through DRA. */
  private final LoadGenerator generator = new LoadGenerator(FleetShape.of(104), 0xbe5cL);

  @Test
  void everyRecordOfTheKubernetesStateAndOneSecondValidatesAgainstItsTopicsSchema() {
    ListSink sink = new ListSink();
    generator.kubernetesState(sink, T0);
    generator.second(sink, T0.plusSeconds(1));

    Map<EventType, JsonSchema> schemas = new EnumMap<>(EventType.class);
    for (Sent record : sink.sent) {
      EventType type = record.topic().eventType();
      JsonSchema schema =
          schemas.computeIfAbsent(
              type,
              t -> FACTORY.getSchema(SchemaLocation.of("classpath:" + t.schemaResource()), STRICT));
      String json = json(record);
      assertThat(schema.validate(json, InputFormat.JSON))
          .as("%s %s", record.topic().name(), json)
          .isEmpty();
    }
    assertThat(schemas.keySet())
        .containsExactlyInAnyOrder(
            EventType.NODE_STATE,
            EventType.POD_STATE,
            EventType.CLAIM_STATE,
            EventType.WORKLOAD_EVENT,
            EventType.DEVICE_SAMPLE,
            EventType.SPAN_SUMMARY);
  }

  @Test
  void theMixHasOneNodeStatePerEightGpusAPodPerFourAndSevenRecordsPerGpuSecond() {
    ListSink state = new ListSink();
    generator.kubernetesState(state, T0);
    assertThat(countByTopic(state))
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                Topics.K8S_NODES.name(), 13L,
                Topics.K8S_PODS.name(), 26L,
                Topics.K8S_EVENTS.name(), 26L,
                Topics.K8S_CLAIMS.name(), 13L));
    assertThat(state.sent).hasSize(generator.kubernetesRecordCount());

    ListSink second = new ListSink();
    generator.second(second, T0);
    assertThat(countByTopic(second))
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(Topics.DEVICE_SAMPLES.name(), 104L, Topics.TRACE_SPANS.name(), 104L * 6));
    assertThat(second.sent).hasSize(104 * LoadGenerator.RECORDS_PER_GPU_SECOND);
  }

  @Test
  void eachRequestIsASixSpanTraceUnderItsTraceIdStampedWhenTheRequestEnds() {
    ListSink sink = new ListSink();
    generator.second(sink, T0);
    Map<String, List<Sent>> traces =
        sink.sent.stream()
            .filter(s -> s.topic() == Topics.TRACE_SPANS)
            .collect(Collectors.groupingBy(Sent::key));
    assertThat(traces).hasSize(104);
    traces.forEach(
        (traceId, spans) -> {
          assertThat(traceId).hasSize(32);
          assertThat(spans).hasSize(6);
          SpanSummary root = (SpanSummary) spans.get(5).value();
          assertThat(root.root()).isTrue();
          assertThat(root.kind()).isEqualTo(SpanKind.SERVER);
          assertThat(root.correlation().pod()).isNotNull();
          Instant end = root.start().plusNanos(root.durationNanos());
          assertThat(spans).allSatisfy(s -> assertThat(s.timestamp()).isEqualTo(end));
          assertThat(root.start()).isBetween(T0, T0.plusSeconds(1));
          assertThat(spans.stream().filter(s -> ((SpanSummary) s.value()).gpuUuid() != null))
              .hasSize(1);
        });
  }

  @Test
  void nodeScopedRecordsAreKeyedByClusterAndNodeSoTheNodePartitionerCanPlaceThem() {
    ListSink sink = new ListSink();
    generator.kubernetesState(sink, T0);
    generator.second(sink, T0);
    List<Sent> nodeScoped =
        sink.sent.stream().filter(s -> s.topic().partitioning() == Partitioning.NODE).toList();
    assertThat(nodeScoped).hasSize(13 + 104);
    assertThat(nodeScoped)
        .allSatisfy(
            s -> assertThat(NodePartitioning.nodePrefix(s.key())).startsWith("bench/gpu-node-"));
  }

  @Test
  void aFailingGpuReportsHealthFailAndTheOthersStayPass() {
    String gpu = generator.fleet().workloads().get(0).pods().get(0).gpus().get(0);
    generator.markFailing(gpu);
    ListSink sink = new ListSink();
    generator.second(sink, T0);
    Map<HealthStatus, List<String>> byHealth =
        sink.sent.stream()
            .filter(s -> s.topic() == Topics.DEVICE_SAMPLES)
            .map(s -> (DeviceSample) s.value())
            .collect(
                Collectors.groupingBy(
                    DeviceSample::health,
                    Collectors.mapping(DeviceSample::gpuUuid, Collectors.toList())));
    assertThat(byHealth.get(HealthStatus.FAIL)).containsExactly(gpu);
    assertThat(byHealth.get(HealthStatus.PASS)).hasSize(103);
  }

  @SuppressWarnings("unchecked")
  private static String json(Sent record) {
    Topic<String, Object> topic = (Topic<String, Object>) record.topic();
    return new String(
        topic.valueSerde().serializer().serialize(topic.name(), record.value()),
        StandardCharsets.UTF_8);
  }

  private static Map<String, Long> countByTopic(ListSink sink) {
    return sink.sent.stream()
        .collect(Collectors.groupingBy(s -> s.topic().name(), Collectors.counting()));
  }

  /**
   * At 0.2 requests per GPU, 1,000 GPUs serve exactly 200 requests every second (a stable hash of
   * position and second that is a permutation of 0..999 each second), and still one sample each.
   */
  @Test
  void aFifthOfARequestPerGpuIsExactlyAFifthOfTheFleetEverySecond() {
    LoadGenerator sparse = new LoadGenerator(FleetShape.of(1000), 0xbe5cL, 0.2);
    for (int s = 0; s < 3; s++) {
      ListSink second = new ListSink();
      sparse.second(second, T0.plusSeconds(s));
      assertThat(countByTopic(second))
          .containsExactlyInAnyOrderEntriesOf(
              Map.of(Topics.DEVICE_SAMPLES.name(), 1000L, Topics.TRACE_SPANS.name(), 200L * 6));
    }
  }
}
