package io.strata.correlator.streams;

import java.io.File;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.streams.StreamsMetrics;
import org.apache.kafka.streams.processor.Cancellable;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.Punctuator;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.processor.TaskId;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.processor.api.RecordMetadata;

/**
 * The context a {@link GuardedProcessor}'s step sees: the real one, except that what the step
 * forwards travels as an {@link Guarded.Value}. Everything else (stores, schedules, metadata,
 * commit) is the task's own.
 */
final class ValueForwardingContext<V> implements ProcessorContext<String, V> {

  private final ProcessorContext<String, Guarded<V>> task;

  ValueForwardingContext(ProcessorContext<String, Guarded<V>> task) {
    this.task = task;
  }

  @Override
  public <K extends String, W extends V> void forward(Record<K, W> record) {
    task.forward(wrap(record));
  }

  @Override
  public <K extends String, W extends V> void forward(Record<K, W> record, String childName) {
    task.forward(wrap(record), childName);
  }

  private static <V> Record<String, Guarded<V>> wrap(Record<? extends String, ? extends V> r) {
    return new Record<>(r.key(), new Guarded.Value<V>(r.value()), r.timestamp(), r.headers());
  }

  @Override
  public String applicationId() {
    return task.applicationId();
  }

  @Override
  public TaskId taskId() {
    return task.taskId();
  }

  @Override
  public Optional<RecordMetadata> recordMetadata() {
    return task.recordMetadata();
  }

  @Override
  public Serde<?> keySerde() {
    return task.keySerde();
  }

  @Override
  public Serde<?> valueSerde() {
    return task.valueSerde();
  }

  @Override
  public File stateDir() {
    return task.stateDir();
  }

  @Override
  public StreamsMetrics metrics() {
    return task.metrics();
  }

  @Override
  public <S extends StateStore> S getStateStore(String name) {
    return task.getStateStore(name);
  }

  @Override
  public Cancellable schedule(Duration interval, PunctuationType type, Punctuator callback) {
    return task.schedule(interval, type, callback);
  }

  @Override
  public void commit() {
    task.commit();
  }

  @Override
  public Map<String, Object> appConfigs() {
    return task.appConfigs();
  }

  @Override
  public Map<String, Object> appConfigsWithPrefix(String prefix) {
    return task.appConfigsWithPrefix(prefix);
  }

  @Override
  public long currentSystemTimeMs() {
    return task.currentSystemTimeMs();
  }

  @Override
  public long currentStreamTimeMs() {
    return task.currentStreamTimeMs();
  }
}
