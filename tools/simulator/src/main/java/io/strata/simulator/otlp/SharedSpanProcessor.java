package io.strata.simulator.otlp;

import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SpanProcessor;

/**
 * Lets many tracer providers (one per simulated pod, because the resource is per provider) feed one
 * batch processor and exporter; closing a provider must not shut the shared pipeline down.
 */
final class SharedSpanProcessor implements SpanProcessor {

  private final SpanProcessor delegate;

  SharedSpanProcessor(SpanProcessor delegate) {
    this.delegate = delegate;
  }

  @Override
  public void onStart(Context parentContext, ReadWriteSpan span) {
    delegate.onStart(parentContext, span);
  }

  @Override
  public boolean isStartRequired() {
    return delegate.isStartRequired();
  }

  @Override
  public void onEnd(ReadableSpan span) {
    delegate.onEnd(span);
  }

  @Override
  public boolean isEndRequired() {
    return delegate.isEndRequired();
  }

  @Override
  public CompletableResultCode shutdown() {
    return CompletableResultCode.ofSuccess();
  }

  @Override
  public CompletableResultCode forceFlush() {
    return delegate.forceFlush();
  }
}
