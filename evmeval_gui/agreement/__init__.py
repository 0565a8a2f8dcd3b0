"""The Agreement mode: 2..N annotators compared, their pairwise F1 matrix, and any pair in the document views.

`state` (no Qt) reads the annotation sets and computes everything with `evmeval.agreement.scoring`;
`mode` runs that in the background and puts a pair into the session; `panel` is the matrix page
(`matrix_heatmap`, `annotator_list`, `document_agreement`, `summary`); `dialog` is File > Compare
annotators…; `style` holds the annotator colours and the F1 colour scale.
"""
