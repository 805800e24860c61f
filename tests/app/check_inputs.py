"""The answer, sources and policy the check runner's tests check."""

from grounding_sidecar.decision import Action, GroundingPolicy

SOURCE = "The Eiffel Tower is located in Paris and was completed in 1889."
POLICY = GroundingPolicy(enabled=True, action=Action.BLOCK)
SOURCES = [SOURCE, "It is 330 metres tall and was designed by the company of Gustave Eiffel."]
ANSWER = "The Eiffel Tower is located in Paris. It is 330 metres tall. It was designed by Eiffel."
