package io.strata.correlator.streams;

import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;

/** Plain in-memory stores for a processor run on a {@link MockProcessorContext}. */
final class MockStores {

  private MockStores() {}

  static <V> KeyValueStore<String, V> add(
      MockProcessorContext<?, ?> context, String name, Serde<V> values) {
    KeyValueStore<String, V> store =
        Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(name), Serdes.String(), values)
            .withLoggingDisabled()
            .build();
    store.init(context.getStateStoreContext(), store);
    context.addStateStore(store);
    return store;
  }
}
