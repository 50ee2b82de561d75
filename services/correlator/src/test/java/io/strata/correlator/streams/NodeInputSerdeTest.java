package io.strata.correlator.streams;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.incident.ExemplarTrace;
import io.strata.events.serde.JsonSerde;
import io.strata.events.trace.Stage;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NodeInputSerdeTest {

  private static final String TOPIC = "strata-correlator-node-inputs-repartition";
  private static final NodeInput.Trace TRACE =
      new NodeInput.Trace(
          "GPU-1",
          new ExemplarTrace(
              "4bf92f3577b34da6a3ce929d0e0e4736",
              812.5,
              Stage.GPU_EXECUTE,
              Map.of(Stage.GPU_EXECUTE, 700.0, Stage.QUEUE_WAIT, 12.5),
              "llm-0",
              "n1",
              "GPU-1"));

  private final NodeInputSerde serde = new NodeInputSerde();

  private NodeInput roundTrip(NodeInput value) {
    return serde.deserializer().deserialize(TOPIC, serde.serializer().serialize(TOPIC, value));
  }

  @Test
  void aSweepsExemplarsTravelInBinaryAsOneRecordAndComeBackEqualInOrder() {
    NodeInput.Trace second =
        new NodeInput.Trace(
            "GPU-2",
            new ExemplarTrace(
                "0af7651916cd43dd8448eb211c80319c",
                97.25,
                Stage.QUEUE_WAIT,
                Map.of(Stage.QUEUE_WAIT, 90.0),
                "llm-1",
                "n1",
                "GPU-2"));
    NodeInput batch = new NodeInput.Traces(List.of(TRACE, second));

    byte[] bytes = serde.serializer().serialize(TOPIC, batch);

    assertThat(bytes[0]).isEqualTo((byte) 2);
    assertThat(roundTrip(batch)).isEqualTo(batch);
    assertThat(roundTrip(new NodeInput.Traces(List.of())))
        .isEqualTo(new NodeInput.Traces(List.of()));
  }

  @Test
  void aSweepsExemplarsParkedAsJsonComeBackEqual() {
    JsonSerde<NodeInput> json = new JsonSerde<>(NodeInput.class);
    NodeInput batch = new NodeInput.Traces(List.of(TRACE));

    byte[] parked = json.serialize(TOPIC, batch);

    assertThat(new String(parked, StandardCharsets.UTF_8)).startsWith("{\"kind\":\"TRACES\"");
    assertThat(json.deserialize(TOPIC, parked)).isEqualTo(batch);
  }

  @Test
  void anUnknownBinaryVersionIsRefusedWithAReason() {
    org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
        .isThrownBy(() -> serde.deserializer().deserialize(TOPIC, new byte[] {9}))
        .withMessageContaining("format version 9, expected 2");
  }

  @Test
  void kubernetesObjectsStayJson() {
    NodeInput removed = new NodeInput.PodRemoved("c1/ml/llm-0");

    assertThat(new String(serde.serializer().serialize(TOPIC, removed), StandardCharsets.UTF_8))
        .startsWith("{");
    assertThat(roundTrip(removed)).isEqualTo(removed);
    assertThat(roundTrip(new NodeInput.NodeRemoved())).isEqualTo(new NodeInput.NodeRemoved());
  }

  @Test
  void aTombstoneStaysNull() {
    assertThat(serde.deserializer().deserialize(TOPIC, null)).isNull();
  }
}
