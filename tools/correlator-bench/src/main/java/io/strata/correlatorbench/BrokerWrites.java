package io.strata.correlatorbench;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.TopicPartition;

/**
 * What the correlator made the broker write during (b): the end offsets of its own internal topics
 * ({@code <application id>-<name>-changelog} and {@code -repartition}, Kafka Streams' naming), by
 * topic and per input record, next to its transactions and produced records from its own metrics.
 * An offset counts records and transaction markers alike (one marker per partition a transaction
 * wrote to), so {@code offsets - records sent} is about the markers.
 */
final class BrokerWrites {

  /** Kafka Streams' thread metric (Micrometer's Kafka binder names it so on /q/metrics). */
  static final String COMMITS = "kafka_stream_thread_commit_total";

  /** Records the app's producers handed to the broker: outputs, changelogs, repartitions. */
  static final String RECORDS_SENT = "kafka_producer_record_send_total";

  static final String BYTES_SENT = "kafka_producer_outgoing_byte_total";

  private BrokerWrites() {}

  static void print(Admin admin, String applicationId, long inputRecords, String metricsPage)
      throws Exception {
    Set<String> internal =
        admin.listTopics().names().get().stream()
            .filter(n -> n.startsWith(applicationId + "-"))
            .collect(Collectors.toSet());
    Map<String, Long> byTopic = new TreeMap<>();
    if (!internal.isEmpty()) {
      InputTopics.endOffsets(admin, internal)
          .forEach(
              (TopicPartition p, Long end) ->
                  byTopic.merge(p.topic().substring(applicationId.length() + 1), end, Long::sum));
    }
    long changelogs = 0;
    long repartitions = 0;
    for (Map.Entry<String, Long> topic : byTopic.entrySet()) {
      BenchMain.print("w_offsets_" + topic.getKey(), topic.getValue());
      if (topic.getKey().endsWith("-changelog")) {
        changelogs += topic.getValue();
      } else if (topic.getKey().endsWith("-repartition")) {
        repartitions += topic.getValue();
      }
    }
    BenchMain.print("w_changelog_offsets", changelogs);
    BenchMain.print("w_repartition_offsets", repartitions);
    BenchMain.print(
        "w_internal_offsets_per_input_record",
        inputRecords == 0 ? 0.0 : (double) (changelogs + repartitions) / inputRecords);
    double commits = metricSum(metricsPage, COMMITS);
    double sent = metricSum(metricsPage, RECORDS_SENT);
    BenchMain.print("w_commits", commits);
    BenchMain.print("w_records_sent", sent);
    BenchMain.print(
        "w_records_sent_per_input_record", inputRecords == 0 ? 0.0 : sent / inputRecords);
    BenchMain.print("w_bytes_sent", metricSum(metricsPage, BYTES_SENT));
  }

  /** The sum of every sample of one Prometheus metric (all its label sets); 0 when absent. */
  static double metricSum(String page, String metric) {
    double sum = 0;
    for (String line : page.split("\n")) {
      if (line.startsWith(metric + "{") || line.startsWith(metric + " ")) {
        String value = line.substring(line.lastIndexOf(' ') + 1).trim();
        if (!value.equals("NaN")) {
          sum += Double.parseDouble(value);
        }
      }
    }
    return sum;
  }
}
