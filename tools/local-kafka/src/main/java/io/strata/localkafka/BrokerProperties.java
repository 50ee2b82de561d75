package io.strata.localkafka;

import java.util.Properties;

/**
 * server.properties of a single-node KRaft broker (combined broker + controller) listening on
 * loopback only.
 */
final class BrokerProperties {

  private BrokerProperties() {}

  static Properties of(LocalKafkaOptions options) {
    Properties props = new Properties();
    props.put("process.roles", "broker,controller");
    props.put("node.id", "1");
    props.put("controller.quorum.voters", "1@" + options.host() + ":" + options.controllerPort());
    props.put(
        "listeners",
        "PLAINTEXT://"
            + options.host()
            + ":"
            + options.port()
            + ",CONTROLLER://"
            + options.host()
            + ":"
            + options.controllerPort());
    props.put("advertised.listeners", "PLAINTEXT://" + options.bootstrapServers());
    props.put("controller.listener.names", "CONTROLLER");
    props.put("inter.broker.listener.name", "PLAINTEXT");
    props.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
    props.put("log.dirs", options.dataDir().resolve("logs").toAbsolutePath().toString());
    props.put("num.partitions", "1");
    props.put("auto.create.topics.enable", "false");
    props.put("offsets.topic.replication.factor", "1");
    props.put("transaction.state.log.replication.factor", "1");
    props.put("transaction.state.log.min.isr", "1");
    props.put("share.coordinator.state.topic.replication.factor", "1");
    props.put("share.coordinator.state.topic.min.isr", "1");
    props.put("group.initial.rebalance.delay.ms", "0");
    // A laptop-sized footprint: the local run keeps hours, not weeks, of data.
    props.put("log.retention.hours", "24");
    props.put("log.segment.bytes", Integer.toString(64 * 1024 * 1024));
    return props;
  }
}
