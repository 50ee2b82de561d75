package io.strata.cli;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * Where the CLI connects and with which token: a flag wins over the environment, the environment
 * over the config file ({@code --config}, {@code STRATA_CONFIG} or {@code
 * ~/.config/strata/cli.properties} with keys {@code console}, {@code remediator}, {@code token},
 * {@code kafka}, {@code journal-verification-keys}), the file over the local run's defaults.
 *
 * @param journalKeys the remediator journal's verification keys ({@code keyId:base64DER,...}, ADR
 *     052): with them {@code strata feed} marks every action record VERIFIED or UNVERIFIED(reason)
 */
record CliSettings(
    String console,
    String remediator,
    Optional<String> token,
    String kafka,
    Optional<String> journalKeys,
    List<String> args) {

  static final String USAGE_FLAGS =
      "--console URL (STRATA_CONSOLE_URL), --remediator URL (STRATA_REMEDIATOR_URL),"
          + " --token T (STRATA_TOKEN), --kafka HOST:PORT (STRATA_KAFKA), --journal-keys"
          + " keyId:base64DER,... (STRATA_JOURNAL_VERIFICATION_KEYS), --config FILE (STRATA_CONFIG)";

  static CliSettings resolve(List<String> argv, Map<String, String> env, Path home) {
    Map<String, String> flags = new java.util.HashMap<>();
    List<String> rest = new ArrayList<>();
    for (int i = 0; i < argv.size(); i++) {
      String arg = argv.get(i);
      String name = arg.startsWith("--") ? arg.substring(2) : null;
      if (name != null
          && List.of("console", "remediator", "token", "kafka", "journal-keys", "config")
              .contains(name)) {
        if (i + 1 >= argv.size()) {
          throw new CliException(CliException.Reason.USAGE, arg + " needs a value");
        }
        flags.put(name, argv.get(++i));
      } else {
        rest.add(arg);
      }
    }
    Path file =
        Path.of(
            first(
                flags.get("config"),
                env.get("STRATA_CONFIG"),
                home.resolve(".config/strata/cli.properties").toString()));
    Properties props = new Properties();
    if (Files.isRegularFile(file)) {
      try (Reader reader = Files.newBufferedReader(file)) {
        props.load(reader);
      } catch (IOException e) {
        throw new CliException(CliException.Reason.CONFIG, "cannot read " + file + ": " + e);
      }
    } else if (flags.containsKey("config") || env.containsKey("STRATA_CONFIG")) {
      throw new CliException(CliException.Reason.CONFIG, "no config file at " + file);
    }
    return new CliSettings(
        first(
            flags.get("console"),
            env.get("STRATA_CONSOLE_URL"),
            props.getProperty("console"),
            "http://127.0.0.1:8086"),
        first(
            flags.get("remediator"),
            env.get("STRATA_REMEDIATOR_URL"),
            props.getProperty("remediator"),
            "http://127.0.0.1:8085"),
        Optional.ofNullable(
            first(flags.get("token"), env.get("STRATA_TOKEN"), props.getProperty("token"), null)),
        first(
            flags.get("kafka"),
            env.get("STRATA_KAFKA"),
            props.getProperty("kafka"),
            "127.0.0.1:9092"),
        Optional.ofNullable(
            first(
                flags.get("journal-keys"),
                env.get("STRATA_JOURNAL_VERIFICATION_KEYS"),
                props.getProperty("journal-verification-keys"),
                null)),
        List.copyOf(rest));
  }

  private static String first(String... values) {
    for (String value : values) {
      if (value != null && !value.isBlank()) {
        return value;
      }
    }
    return null;
  }
}
