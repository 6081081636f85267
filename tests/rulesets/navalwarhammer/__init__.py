"""Tests of Naval Warhammer's fantasy-battle core and its catalogue of armies."""
