package io.strata.remediator.core.policy;

import io.strata.events.remediation.PolicyMode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;

/**
 * Reads a policy document (YAML, or JSON, which is YAML too): {@code default} and an ordered list
 * of {@code rules}, each with {@code name}, {@code match} (CEL), {@code mode} and, for AUTO, {@code
 * limits}. Everything is checked before anything is used; the first fault refuses the document with
 * the rule and the reason (docs/POLICY.md is the reference).
 */
public final class PolicyParser {

  public static final int MAX_CHARS = 256 * 1024;
  public static final int MAX_RULES = 200;

  private static final Set<String> DOCUMENT_FIELDS = Set.of("default", "rules");
  private static final Set<String> RULE_FIELDS = Set.of("name", "match", "mode", "limits");

  private PolicyParser() {}

  public static RemediationPolicy parse(String text) throws PolicyException {
    if (text == null || text.isBlank()) {
      throw new PolicyException(PolicyProblem.UNREADABLE, null, "the policy document is empty");
    }
    if (text.length() > MAX_CHARS) {
      throw new PolicyException(
          PolicyProblem.UNREADABLE, null, "larger than " + MAX_CHARS + " characters");
    }
    Object root;
    try {
      root =
          new Load(LoadSettings.builder().setAllowDuplicateKeys(false).build())
              .loadFromString(text);
    } catch (YamlEngineException e) {
      throw new PolicyException(PolicyProblem.UNREADABLE, null, "not YAML: " + e.getMessage());
    }
    Map<String, Object> document = Fields.map(root, null, "the document");
    Fields.only(document, DOCUMENT_FIELDS, null);
    PolicyMode defaultMode =
        document.containsKey("default") ? mode(document.get("default"), null) : PolicyMode.PROPOSE;
    if (defaultMode == PolicyMode.AUTO) {
      throw new PolicyException(
          PolicyProblem.BAD_MODE,
          null,
          "default may be OBSERVE or PROPOSE: AUTO needs a rule that says where it applies");
    }
    List<Object> listed = Fields.list(document.get("rules"), null, "rules");
    if (listed.size() > MAX_RULES) {
      throw new PolicyException(
          PolicyProblem.TOO_MANY_RULES, null, listed.size() + " rules; at most " + MAX_RULES);
    }
    List<PolicyRule> rules = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (int i = 0; i < listed.size(); i++) {
      PolicyRule rule = rule(listed.get(i), "#" + (i + 1));
      if (!names.add(rule.name())) {
        throw new PolicyException(PolicyProblem.BAD_NAME, rule.name(), "the name is used twice");
      }
      rules.add(rule);
    }
    return new RemediationPolicy(rules, defaultMode, digest(text));
  }

  private static PolicyRule rule(Object value, String position) throws PolicyException {
    Map<String, Object> fields = Fields.map(value, position, "a rule");
    Object named = fields.get("name");
    if (!(named instanceof String name) || !name.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,62}")) {
      throw new PolicyException(
          PolicyProblem.BAD_NAME,
          position,
          "name must be 1-63 letters, digits, '.', '_' or '-', starting with a letter or digit");
    }
    Fields.only(fields, RULE_FIELDS, name);
    String match = Fields.text(fields.get("match"), name, "match");
    PolicyMode mode = mode(fields.get("mode"), name);
    RuleLimits limits = RuleLimits.NONE;
    if (fields.containsKey("limits")) {
      if (mode != PolicyMode.AUTO) {
        throw new PolicyException(
            PolicyProblem.BAD_LIMIT, name, "limits bound what AUTO does; this rule is " + mode);
      }
      limits = LimitsParser.parse(fields.get("limits"), name);
    }
    return new PolicyRule(name, match, CelMatch.compile(name, match), mode, limits);
  }

  private static PolicyMode mode(Object value, String rule) throws PolicyException {
    if (value instanceof String text) {
      for (PolicyMode mode : PolicyMode.values()) {
        if (mode != PolicyMode.UNSPECIFIED && mode.name().equals(text)) {
          return mode;
        }
      }
    }
    throw new PolicyException(
        PolicyProblem.BAD_MODE,
        rule,
        (rule == null ? "default" : "mode") + " must be OBSERVE, PROPOSE or AUTO, not " + value);
  }

  private static String digest(String text) {
    try {
      byte[] hash =
          MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return "sha256:" + HexFormat.of().formatHex(hash, 0, 6);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JRE", e);
    }
  }
}
