"""The mapping strategies in the window: the selector, the summary line, the Mapping differences dock and
their background figures (`state`, no Qt), and the MUC/GATE chart that registers with the charts panel."""
