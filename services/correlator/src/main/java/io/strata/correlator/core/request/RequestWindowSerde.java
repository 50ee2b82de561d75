package io.strata.correlator.core.request;

import io.strata.events.Correlation;
import io.strata.events.serde.JsonSerde;
import io.strata.events.trace.Stage;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Stores a {@link RequestWindow} as JSON whose histograms are HdrHistogram's V2 encoding (base64 in
 * the JSON), so a window costs a few kilobytes at most and decodes back to exactly the same counts.
 */
public final class RequestWindowSerde implements Serde<RequestWindow> {

  /** The stored shape; histograms are encoded HdrHistogram bytes. */
  record Encoded(
      Correlation correlation,
      long requests,
      long errors,
      long withinSlo,
      long outputTokensWithinSlo,
      byte[] latency,
      Map<Stage, byte[]> stages,
      List<AssembledTrace> exemplars,
      List<String> nodes,
      List<String> gpus,
      Map<String, EncodedPlacement> placements,
      List<AssembledTrace> errorExemplars) {}

  /** One placement; its histogram in HdrHistogram's V2 encoding. */
  record EncodedPlacement(long requests, long errors, byte[] latency) {}

  private final JsonSerde<Encoded> json = new JsonSerde<>(Encoded.class);

  public byte[] encode(RequestWindow window) {
    Map<Stage, byte[]> stages = new EnumMap<>(Stage.class);
    window.stages.forEach(
        (stage, histogram) -> stages.put(stage, LatencyHistograms.encode(histogram)));
    return json.serialize(
        null,
        new Encoded(
            window.correlation,
            window.requests,
            window.errors,
            window.withinSlo,
            window.outputTokensWithinSlo,
            LatencyHistograms.encode(window.latency),
            stages,
            window.exemplars,
            List.copyOf(window.nodes),
            List.copyOf(window.gpus),
            placements(window),
            window.errorExemplars));
  }

  public RequestWindow decode(byte[] bytes) {
    Encoded encoded = json.deserialize(null, bytes);
    Map<Stage, Histogram> stages = new EnumMap<>(Stage.class);
    if (encoded.stages() != null) {
      encoded.stages().forEach((stage, data) -> stages.put(stage, LatencyHistograms.decode(data)));
    }
    RequestWindow window = new RequestWindow(LatencyHistograms.decode(encoded.latency()), stages);
    window.correlation =
        encoded.correlation() == null ? Correlation.empty() : encoded.correlation();
    window.requests = encoded.requests();
    window.errors = encoded.errors();
    window.withinSlo = encoded.withinSlo();
    window.outputTokensWithinSlo = encoded.outputTokensWithinSlo();
    if (encoded.exemplars() != null) {
      window.exemplars.addAll(encoded.exemplars());
    }
    if (encoded.nodes() != null) {
      window.nodes.addAll(encoded.nodes());
    }
    if (encoded.gpus() != null) {
      window.gpus.addAll(encoded.gpus());
    }
    if (encoded.placements() != null) {
      encoded
          .placements()
          .forEach(
              (key, p) -> {
                Placement placement = new Placement(LatencyHistograms.decode(p.latency()));
                placement.requests = p.requests();
                placement.errors = p.errors();
                window.placements.put(key, placement);
              });
    }
    if (encoded.errorExemplars() != null) {
      window.errorExemplars.addAll(encoded.errorExemplars());
    }
    return window;
  }

  private static Map<String, EncodedPlacement> placements(RequestWindow window) {
    Map<String, EncodedPlacement> encoded = new java.util.TreeMap<>();
    window.placements.forEach(
        (key, p) ->
            encoded.put(
                key,
                new EncodedPlacement(p.requests, p.errors, LatencyHistograms.encode(p.latency))));
    return encoded;
  }

  @Override
  public Serializer<RequestWindow> serializer() {
    return (topic, window) -> window == null ? null : encode(window);
  }

  @Override
  public Deserializer<RequestWindow> deserializer() {
    return (topic, bytes) -> bytes == null ? null : decode(bytes);
  }
}
