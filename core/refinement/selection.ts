/** What a refinement chose: the nodes whose prompts change, each with its reason and new prompt. */
export interface RefinementChoice {
  nodeId: string;
  reason: string;
  prompt: string;
}

export interface RefinementSelection {
  method: 'rules' | 'model';
  choices: RefinementChoice[];
}
