package io.strata.embeddedkafka;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Broker settings for a small test cluster: fast to start, fast to notice a dead broker, real
 * semantics.
 */
final class BrokerDefaults {

  private BrokerDefaults() {}

  static Map<String, String> forBrokerCount(int brokers) {
    String replication = Integer.toString(Math.min(brokers, 3));
    Map<String, String> props = new LinkedHashMap<>();
    props.put("offsets.topic.replication.factor", replication);
    props.put("offsets.topic.num.partitions", "3");
    props.put("transaction.state.log.replication.factor", replication);
    props.put("transaction.state.log.min.isr", "1");
    props.put("share.coordinator.state.topic.replication.factor", replication);
    props.put("share.coordinator.state.topic.min.isr", "1");
    props.put("group.initial.rebalance.delay.ms", "0");
    props.put("auto.create.topics.enable", "false");
    props.put("num.partitions", "1");
    // Notice a stopped broker quickly in fault tests.
    props.put("broker.session.timeout.ms", "6000");
    props.put("broker.heartbeat.interval.ms", "500");
    return props;
  }
}
