"""The Compare mode's widgets: leaderboard, grouped F1 chart, pair view, significance, three-lane text."""
