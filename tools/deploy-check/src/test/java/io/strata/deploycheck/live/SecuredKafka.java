package io.strata.deploycheck.live;

import io.strata.embeddedkafka.EmbeddedKafkaCluster;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.config.SslConfigs;

/**
 * A one-node KRaft cluster secured as deploy/ secures Kafka (ADR 010): its only client listener is
 * SASL_SSL, services log in with SCRAM-SHA-512, and the StandardAuthorizer denies whatever no ACL
 * allows. The super user {@link #ADMIN} logs in with PLAIN, its password in the broker's own JAAS
 * settings, because a SCRAM credential can only be created by someone already logged in; it is also
 * the broker's principal towards itself (transaction markers). The controller listener stays the
 * test kit's loopback PLAINTEXT; its principal, ANONYMOUS, is a super user as KRaft requires of the
 * principal brokers register with.
 */
public final class SecuredKafka implements AutoCloseable {

  /** The super user that creates topics, credentials and ACLs; the inter-broker principal. */
  public static final String ADMIN = "strata-live-admin";

  private static final String SCRAM = "SCRAM-SHA-512";
  private static final String PLAIN = "PLAIN";
  private static final String SCRAM_MODULE =
      "org.apache.kafka.common.security.scram.ScramLoginModule";
  private static final String PLAIN_MODULE =
      "org.apache.kafka.common.security.plain.PlainLoginModule";
  private static final String LISTENER = EmbeddedKafkaCluster.BROKER_LISTENER.toLowerCase();

  private final Path dir;
  private final TestCertificates certificates;
  private final String adminPassword;
  private final EmbeddedKafkaCluster cluster;

  private SecuredKafka(
      Path dir, TestCertificates certificates, String adminPassword, EmbeddedKafkaCluster cluster) {
    this.dir = dir;
    this.certificates = certificates;
    this.adminPassword = adminPassword;
    this.cluster = cluster;
  }

  /** Generates the certificates and starts the broker. */
  public static SecuredKafka start() {
    Path dir;
    try {
      dir = Files.createTempDirectory("strata-live-kafka");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    TestCertificates certificates = TestCertificates.create(dir, password());
    String adminPassword = password();
    Map<String, String> broker = new LinkedHashMap<>();
    broker.put(
        "listener.security.protocol.map",
        EmbeddedKafkaCluster.BROKER_LISTENER + ":SASL_SSL,CONTROLLER:PLAINTEXT");
    broker.put("sasl.enabled.mechanisms", SCRAM + "," + PLAIN);
    broker.put("sasl.mechanism.inter.broker.protocol", PLAIN);
    // Server side: PLAIN knows the admin alone; SCRAM users live in the metadata log.
    broker.put(
        "listener.name." + LISTENER + ".plain.sasl.jaas.config",
        PLAIN_MODULE
            + " required username=\""
            + ADMIN
            + "\" password=\""
            + adminPassword
            + "\" user_"
            + ADMIN
            + "=\""
            + adminPassword
            + "\";");
    broker.put(
        "listener.name." + LISTENER + ".scram-sha-512.sasl.jaas.config",
        SCRAM_MODULE + " required;");
    broker.put("ssl.keystore.type", "PKCS12");
    broker.put("ssl.keystore.location", certificates.brokerKeystore().toString());
    broker.put("ssl.keystore.password", certificates.password());
    broker.put("ssl.key.password", certificates.password());
    broker.put("ssl.truststore.type", "PEM");
    broker.put("ssl.truststore.location", certificates.caCertificate().toString());
    broker.put("authorizer.class.name", "org.apache.kafka.metadata.authorizer.StandardAuthorizer");
    broker.put("allow.everyone.if.no.acl.found", "false");
    broker.put("super.users", "User:" + ADMIN + ";User:ANONYMOUS");
    return new SecuredKafka(
        dir, certificates, adminPassword, EmbeddedKafkaCluster.start(1, broker));
  }

  /** A client of the SASL_SSL listener logging in with SCRAM-SHA-512 as a service does. */
  public Properties client(String user, String password) {
    return listenerClient(SCRAM, jaas(SCRAM_MODULE, user, password));
  }

  /** A client of the SASL_SSL listener logging in as the super user {@link #ADMIN}. */
  public Properties admin() {
    return listenerClient(PLAIN, jaas(PLAIN_MODULE, ADMIN, adminPassword));
  }

  private Properties listenerClient(String mechanism, String jaas) {
    Properties props = new Properties();
    props.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
    props.put(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, "SASL_SSL");
    props.put(SaslConfigs.SASL_MECHANISM, mechanism);
    props.put(SaslConfigs.SASL_JAAS_CONFIG, jaas);
    props.put(SslConfigs.SSL_TRUSTSTORE_TYPE_CONFIG, "PEM");
    props.put(SslConfigs.SSL_TRUSTSTORE_LOCATION_CONFIG, certificates.caCertificate().toString());
    return props;
  }

  /** A random password, as the Strimzi User Operator generates one per KafkaUser. */
  public static String password() {
    byte[] bytes = new byte[18];
    new SecureRandom().nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  private static String jaas(String module, String user, String password) {
    return module + " required username=\"" + user + "\" password=\"" + password + "\";";
  }

  @Override
  public void close() {
    cluster.close();
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
