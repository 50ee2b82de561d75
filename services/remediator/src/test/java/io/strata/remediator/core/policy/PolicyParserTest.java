package io.strata.remediator.core.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.events.remediation.PolicyMode;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class PolicyParserTest {

  static final String STAGED =
      """
      default: PROPOSE
      rules:
        - name: research-observe
          match: incident.namespace == "research"
          mode: OBSERVE
        - name: wave-1-auto
          match: >-
            incident.class == "DEVICE_FAULT" && action.type == "CORDON_NODE"
            && node.labels["strata.io/pool"] == "wave-1" && incident.xid in [48, 79]
          mode: AUTO
          limits:
            maxPerHour: 3
            hours: "22:00-06:00"
            timeZone: Europe/Berlin
            wave: 0.25
      """;

  @Test
  void readsRulesInOrderWithTheirLimits() throws PolicyException {
    RemediationPolicy policy = PolicyParser.parse(STAGED);

    assertThat(policy.defaultMode()).isEqualTo(PolicyMode.PROPOSE);
    assertThat(policy.rules())
        .extracting(PolicyRule::name)
        .containsExactly("research-observe", "wave-1-auto");
    assertThat(policy.rules())
        .extracting(PolicyRule::mode)
        .containsExactly(PolicyMode.OBSERVE, PolicyMode.AUTO);
    RuleLimits limits = policy.rules().get(1).limits();
    assertThat(limits.maxPerHour().getAsInt()).isEqualTo(3);
    assertThat(limits.hours().orElseThrow())
        .isEqualTo(
            new HourWindow(LocalTime.of(22, 0), LocalTime.of(6, 0), ZoneId.of("Europe/Berlin")));
    assertThat(limits.wave().getAsDouble()).isEqualTo(0.25);
    assertThat(policy.version()).startsWith("sha256:").hasSize(19);
  }

  @Test
  void withoutDefaultEveryUnmatchedActionIsProposedAndHoursAreUtc() throws PolicyException {
    RemediationPolicy policy =
        PolicyParser.parse(
            """
            rules:
              - name: night
                match: "true"
                mode: AUTO
                limits: {hours: "01:00-05:00"}
            """);

    assertThat(policy.defaultMode()).isEqualTo(PolicyMode.PROPOSE);
    assertThat(policy.rules().get(0).limits().hours().orElseThrow().zone())
        .isEqualTo(ZoneOffset.UTC);
  }

  @Test
  void aMatchThatDoesNotCompileIsRefusedNamingTheRule() {
    assertRefused(
        """
        rules:
          - name: typo
            match: nod.labels["pool"] == "a"
            mode: AUTO
        """,
        PolicyProblem.BAD_MATCH,
        "typo",
        "undeclared reference to 'nod'");
  }

  @Test
  void aMatchThatIsNotABoolIsRefused() {
    assertRefused(
        "rules: [{name: count, match: '1 + 2', mode: PROPOSE}]",
        PolicyProblem.BAD_MATCH,
        "count",
        "expected type 'bool' but found 'int'");
  }

  @Test
  void refusesEachFaultWithItsReason() {
    assertRefused(
        "rules: [{name: a, match: 'true', mode: ACT}]",
        PolicyProblem.BAD_MODE,
        "a",
        "mode must be OBSERVE, PROPOSE or AUTO, not ACT");
    assertRefused(
        "default: AUTO", PolicyProblem.BAD_MODE, null, "default may be OBSERVE or PROPOSE");
    assertRefused(
        "rules: [{match: 'true', mode: AUTO}]", PolicyProblem.BAD_NAME, "#1", "name must be");
    assertRefused(
        "rules: [{name: a, match: 'true', mode: AUTO}, {name: a, match: 'false', mode: AUTO}]",
        PolicyProblem.BAD_NAME,
        "a",
        "the name is used twice");
    assertRefused(
        "rules: [{name: a, match: 'true', mode: AUTO, limit: {}}]",
        PolicyProblem.UNKNOWN_FIELD,
        "a",
        "unknown field limit");
    assertRefused("rule: []", PolicyProblem.UNKNOWN_FIELD, null, "unknown field rule");
    assertRefused(
        "rules: [{name: a, match: 'true', mode: PROPOSE, limits: {maxPerHour: 2}}]",
        PolicyProblem.BAD_LIMIT,
        "a",
        "limits bound what AUTO does; this rule is PROPOSE");
    assertRefused(
        "rules: [{name: a, match: 'true', mode: AUTO, limits: {maxPerHour: 0}}]",
        PolicyProblem.BAD_LIMIT,
        "a",
        "maxPerHour");
    assertRefused(
        "rules: [{name: a, match: 'true', mode: AUTO, limits: {wave: 1.5}}]",
        PolicyProblem.BAD_LIMIT,
        "a",
        "wave must be");
    assertRefused(
        "rules: [{name: a, match: 'true', mode: AUTO, limits: {hours: '9-17'}}]",
        PolicyProblem.BAD_LIMIT,
        "a",
        "hours must be HH:MM-HH:MM");
    assertRefused(
        "rules: [{name: a, match: 'true', mode: AUTO, limits: {hours: '09:00-09:00'}}]",
        PolicyProblem.BAD_LIMIT,
        "a",
        "is empty");
    assertRefused("rules: {name: a}", PolicyProblem.BAD_SHAPE, null, "rules must be a list");
    assertRefused(
        "rules: [{name: a, mode: AUTO}]",
        PolicyProblem.BAD_SHAPE,
        "a",
        "match must be a non-empty string");
    assertRefused("rules: [\n  - name: a\n  - [", PolicyProblem.UNREADABLE, null, "not YAML");
    assertRefused("default: PROPOSE\ndefault: OBSERVE", PolicyProblem.UNREADABLE, null, "not YAML");
    assertRefused(" ", PolicyProblem.UNREADABLE, null, "empty");
  }

  private static void assertRefused(
      String document, PolicyProblem problem, String rule, String message) {
    assertThatThrownBy(() -> PolicyParser.parse(document))
        .isInstanceOfSatisfying(
            PolicyException.class,
            e -> {
              assertThat(e.problem()).as(document).isEqualTo(problem);
              assertThat(e.rule()).as(document).isEqualTo(rule);
              assertThat(e.getMessage()).as(document).contains(message);
            });
  }
}
