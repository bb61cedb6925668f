"""Ranked play: seasons, openskill ratings for 2-4 players and teams, the queue, leaderboards."""
