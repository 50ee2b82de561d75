package io.strata.traceingest.it;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import jakarta.inject.Singleton;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Receives trace-ingest's own spans in tests (Quarkus exports to every SpanExporter bean). */
@Singleton
public class RecordingSpanExporter implements SpanExporter {

  private final List<SpanData> spans = new CopyOnWriteArrayList<>();

  @Override
  public CompletableResultCode export(Collection<SpanData> batch) {
    spans.addAll(batch);
    return CompletableResultCode.ofSuccess();
  }

  @Override
  public CompletableResultCode flush() {
    return CompletableResultCode.ofSuccess();
  }

  @Override
  public CompletableResultCode shutdown() {
    return CompletableResultCode.ofSuccess();
  }

  public List<SpanData> spans() {
    return List.copyOf(spans);
  }
}
