"""Contracts, records and the match runner: what every game and every agent agrees on. No pygame here."""
