package io.strata.remediator.core.policy;

import dev.cel.bundle.Cel;
import dev.cel.bundle.CelFactory;
import dev.cel.common.CelValidationException;
import dev.cel.common.types.MapType;
import dev.cel.common.types.SimpleType;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;
import java.util.Map;

/**
 * A rule's match, compiled once with CEL (cel-java, {@code dev.cel:cel}) against the variables
 * {@link MatchFacts} provides ({@code incident}, {@code node}, {@code action}; {@code namespace} is
 * a reserved word in CEL, so nothing is a top-level variable but these three), and type-checked to
 * a bool: a typo in a variable name or a non-bool expression is refused when the policy is loaded,
 * not when a fault arrives.
 */
public final class CelMatch {

  private static final MapType FIELDS = MapType.create(SimpleType.STRING, SimpleType.DYN);

  private static final Cel CEL =
      CelFactory.standardCelBuilder()
          .addVar("incident", FIELDS)
          .addVar("node", FIELDS)
          .addVar("action", FIELDS)
          .setResultType(SimpleType.BOOL)
          .build();

  private final CelRuntime.Program program;

  private CelMatch(CelRuntime.Program program) {
    this.program = program;
  }

  /**
   * @throws PolicyException BAD_MATCH with CEL's message (which points at the column)
   */
  public static CelMatch compile(String rule, String expression) throws PolicyException {
    try {
      return new CelMatch(CEL.createProgram(CEL.compile(expression).getAst()));
    } catch (CelValidationException e) {
      throw new PolicyException(PolicyProblem.BAD_MATCH, rule, e.getMessage());
    } catch (CelEvaluationException e) {
      throw new PolicyException(PolicyProblem.BAD_MATCH, rule, e.getMessage());
    }
  }

  /**
   * @throws CelEvaluationException when the expression fails on these facts (a label the node does
   *     not have, read without {@code in} first); the rule then does not match
   */
  public boolean matches(Map<String, Object> facts) throws CelEvaluationException {
    return Boolean.TRUE.equals(program.eval(facts));
  }
}
