package io.strata.correlator.streams;

import java.util.function.Function;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * A stateless re-key and re-wrap as a step of its own, so it can be guarded: a record whose key
 * cannot be derived (a device sample without cluster or node) is parked, not thrown.
 */
final class Rekey<V, VOut> implements Processor<String, V, String, VOut> {

  private final Function<V, String> key;
  private final Function<V, VOut> value;
  private ProcessorContext<String, VOut> context;

  Rekey(Function<V, String> key, Function<V, VOut> value) {
    this.key = key;
    this.value = value;
  }

  @Override
  public void init(ProcessorContext<String, VOut> context) {
    this.context = context;
  }

  @Override
  public void process(Record<String, V> record) {
    V in = record.value();
    context.forward(record.withKey(key.apply(in)).withValue(value.apply(in)));
  }
}
