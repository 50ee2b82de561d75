package io.strata.deploycheck.live;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A throw-away CA and a broker certificate for localhost signed by it, made at test time with the
 * JDK's keytool (no private key is committed). The broker gets a PKCS12 keystore with its key and
 * chain; clients and the broker itself trust the CA as a PEM file, as Strimzi's {@code ca.crt}.
 *
 * @param brokerKeystore PKCS12 keystore with the broker's key and the chain up to the CA
 * @param password the keystore's and the key's password
 * @param caCertificate the CA certificate, PEM
 */
public record TestCertificates(Path brokerKeystore, String password, Path caCertificate) {

  /** Writes the CA, the broker keystore and the CA's PEM into {@code dir}. */
  public static TestCertificates create(Path dir, String password) {
    Path ca = dir.resolve("ca.p12");
    Path caPem = dir.resolve("ca.pem");
    Path broker = dir.resolve("broker.p12");
    Path csr = dir.resolve("broker.csr");
    Path brokerPem = dir.resolve("broker.pem");
    String[] caStore = {"-keystore", ca.toString(), "-storetype", "PKCS12", "-storepass", password};
    String[] brokerStore = {
      "-keystore", broker.toString(), "-storetype", "PKCS12", "-storepass", password
    };
    // EC P-256 keys: generated in milliseconds, accepted by every TLS 1.2/1.3 client.
    keytool(
        caStore,
        "-genkeypair",
        "-alias",
        "ca",
        "-keyalg",
        "EC",
        "-groupname",
        "secp256r1",
        "-dname",
        "CN=strata-live-test-ca",
        "-ext",
        "bc:c",
        "-validity",
        "2");
    keytool(caStore, "-exportcert", "-rfc", "-alias", "ca", "-file", caPem.toString());
    keytool(
        brokerStore,
        "-genkeypair",
        "-alias",
        "broker",
        "-keyalg",
        "EC",
        "-groupname",
        "secp256r1",
        "-dname",
        "CN=localhost",
        "-validity",
        "2");
    keytool(brokerStore, "-certreq", "-alias", "broker", "-file", csr.toString());
    // Clients verify the host name (ssl.endpoint.identification.algorithm=https by default).
    keytool(
        caStore,
        "-gencert",
        "-alias",
        "ca",
        "-rfc",
        "-infile",
        csr.toString(),
        "-outfile",
        brokerPem.toString(),
        "-ext",
        "SAN=dns:localhost,ip:127.0.0.1",
        "-validity",
        "2");
    keytool(brokerStore, "-importcert", "-noprompt", "-alias", "ca", "-file", caPem.toString());
    keytool(brokerStore, "-importcert", "-alias", "broker", "-file", brokerPem.toString());
    return new TestCertificates(broker, password, caPem);
  }

  private static void keytool(String[] store, String... args) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    command.addAll(List.of(args));
    command.addAll(List.of(store));
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      process.getOutputStream().close();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
        throw new IllegalStateException("keytool " + args[0] + " failed: " + output);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running keytool", e);
    }
  }
}
