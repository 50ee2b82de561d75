package io.strata.deploycheck.acl;

import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What each Strata client may do on Kafka, read from its code (KafkaAclsTest proves the table
 * against every service's application.properties and sources): the topics it writes, the topics it
 * reads, its consumer groups, and the Kafka Streams application id whose internal topics, consumer
 * group and transactional ids it owns.
 *
 * @param service the directory under services/
 * @param produces topics the service writes (Write + Describe)
 * @param consumes topics the service reads, by group or by assigned partitions (Read + Describe)
 * @param groups consumer group ids it commits offsets under (Read on the group)
 * @param streamsApplicationId a Kafka Streams application.id: prefixed ACLs for its internal
 *     topics, its group and its exactly_once_v2 transactional ids
 * @param namedButNotUsed topics its sources name without reading or writing them (a label in a
 *     view, a serde), with no ACL; listed so the check that code and table agree stays exact
 */
public record KafkaAccess(
    String service,
    List<Topic<?, ?>> produces,
    List<Topic<?, ?>> consumes,
    List<String> groups,
    Optional<String> streamsApplicationId,
    List<Topic<?, ?>> namedButNotUsed) {

  /**
   * The Strimzi KafkaUser of a service, also the SCRAM user name and the name of the Secret the
   * User Operator writes; "-kafka" keeps it apart from the service's own Secret (strata-remediator
   * holds the Slack and REST secrets).
   */
  public String user() {
    return "strata-" + service + "-kafka";
  }

  /** Every topic the service gets an ACL for. */
  public Set<String> topicNames() {
    Set<String> names = new TreeSet<>();
    produces.forEach(t -> names.add(t.name()));
    consumes.forEach(t -> names.add(t.name()));
    return names;
  }

  /** Every Strata client of Kafka, in the order the KafkaUsers are generated. */
  public static final List<KafkaAccess> ALL =
      List.of(
          // KafkaEventPublisher: one idempotent producer for samples, XIDs and scrape findings;
          // XidTopicFollower reads the XIDs back (assigned partitions, no group) so a restart or a
          // new shard owner does not re-fire them.
          new KafkaAccess(
              "device-ingest",
              List.of(Topics.DEVICE_SAMPLES, Topics.DEVICE_XIDS, Topics.DEVICE_FINDINGS),
              List.of(Topics.DEVICE_XIDS),
              List.of(),
              Optional.empty(),
              List.of()),
          // KafkaPublisher writes the four topics; CompactedTopicReader reads the three compacted
          // ones back (assigned partitions, no group) to tombstone objects deleted while it was
          // down.
          new KafkaAccess(
              "k8s-watcher",
              List.of(Topics.K8S_PODS, Topics.K8S_NODES, Topics.K8S_CLAIMS, Topics.K8S_EVENTS),
              List.of(Topics.K8S_PODS, Topics.K8S_NODES, Topics.K8S_CLAIMS),
              List.of(),
              Optional.empty(),
              List.of()),
          // SpanProducerFactory: one idempotent producer of span summaries and of the alert events
          // of Alertmanager's webhook.
          new KafkaAccess(
              "trace-ingest",
              List.of(Topics.TRACE_SPANS, Topics.ALERTS),
              List.of(),
              List.of(),
              Optional.empty(),
              List.of()),
          // Kafka Streams (quarkus.kafka-streams.topics and CorrelatorTopology's sinks) plus the
          // idempotent DeadLetterPublisher; exactly_once_v2 under application id strata-correlator.
          new KafkaAccess(
              "correlator",
              List.of(Topics.INCIDENTS, Topics.DEVICE_FINDINGS, Topics.DEADLETTER),
              List.of(
                  Topics.DEVICE_SAMPLES,
                  Topics.DEVICE_XIDS,
                  Topics.K8S_PODS,
                  Topics.K8S_NODES,
                  Topics.K8S_CLAIMS,
                  Topics.K8S_EVENTS,
                  Topics.TRACE_SPANS,
                  Topics.ALERTS),
              List.of(),
              Optional.of("strata-correlator"),
              List.of()),
          // No consumer group (ADR 022): IncidentFollower reads every incidents partition in every
          // instance, JournalRebuilder reads the journal, reviews and incidents back, all with
          // assigned partitions; three outgoing channels.
          new KafkaAccess(
              "remediator",
              List.of(Topics.REMEDIATION, Topics.REVIEWS, Topics.DEADLETTER),
              List.of(Topics.INCIDENTS, Topics.REMEDIATION, Topics.REVIEWS),
              List.of(),
              Optional.empty(),
              List.of()),
          // TopicReader: assigned partitions, no group, never writes. Not in deploy/ yet; its user
          // is generated so deploying it needs no new ACL (docs/DEPLOY.md).
          new KafkaAccess(
              "console",
              List.of(),
              List.of(
                  Topics.INCIDENTS,
                  Topics.REMEDIATION,
                  Topics.REVIEWS,
                  Topics.TRACE_SPANS,
                  Topics.DEVICE_XIDS,
                  Topics.DEVICE_SAMPLES,
                  Topics.ALERTS),
              List.of(),
              Optional.empty(),
              // EvidenceCards names them as the source of a card; the data arrives in incidents.
              List.of(Topics.DEVICE_FINDINGS, Topics.K8S_EVENTS)));
}
