package io.strata.simulator.teams;

/** A plan card as the remediator posts it (Adaptive Card 1.5, one ActionSet per action). */
final class TeamsCards {

  static final String CONVERSATION = "19:gpu-oncall@thread.tacv2";

  static final String PLAN =
      """
      {"type":"message","attachments":[{"contentType":"application/vnd.microsoft.card.adaptive",
       "content":{"type":"AdaptiveCard","$schema":"http://adaptivecards.io/schemas/adaptive-card.json",
        "version":"1.5","body":[
         {"type":"TextBlock","text":"DEVICE_FAULT on gpu-node-001"},
         {"type":"Container","id":"action-a1","items":[
          {"type":"TextBlock","text":"Step 1 cordon — PROPOSED"},
          {"type":"TextBlock","fontType":"Monospace","text":"{\\"spec\\":{\\"unschedulable\\":true}}"},
          {"type":"ActionSet","actions":[
           {"type":"Action.Execute","title":"Approve","verb":"approve","style":"positive",
            "data":{"action_id":"a1","patch_sha256":"9f2c"}},
           {"type":"Action.Execute","title":"Reject","verb":"reject","style":"destructive",
            "data":{"action_id":"a1"}}]}]}]}}]}
      """;

  static final String APPROVED =
      """
      {"type":"message","attachments":[{"contentType":"application/vnd.microsoft.card.adaptive",
       "content":{"type":"AdaptiveCard","version":"1.5","body":[
         {"type":"Container","id":"action-a1","items":[
          {"type":"TextBlock","text":"Step 1 cordon — APPROVED · by teams:6f0e"}]}]}}]}
      """;

  private TeamsCards() {}
}
