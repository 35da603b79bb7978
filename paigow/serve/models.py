"""The pydantic models of the HTTP API (requests and responses)."""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StrictBool, StrictInt, StringConstraints, model_validator

# documented caps (docs/serve.md)
ADVICE_BATCH_MAX = 1000
"""Hands in one ``POST /v1/advice/batch``."""
BEST_BATCH_MAX = 10_000
"""Hands in one ``POST /v1/best-settings``."""
PCC_SLIP_MAX = 1000
"""Bets on one Fish-Prawn-Crab slip."""
TEXT_MAX = 200
"""Characters in one text field (tiles, a bet, a name)."""

Text = Annotated[str, StringConstraints(max_length=TEXT_MAX)]
TilesText = Annotated[str, StringConstraints(max_length=TEXT_MAX)]
Tiles = Union[TilesText, Annotated[list[Text], Field(max_length=8)]]
SeenTiles = Union[TilesText, Annotated[list[Text], Field(max_length=24)]]
StrategyName = Literal["equilibrium", "equilibrium-paid", "equilibrium-paid-4pct", "max-back",
                       "us-equilibrium", "us-equilibrium-paid", "us-equilibrium-paid-4.7619pct", "foxwoods", "canberra",
                       "home-equilibrium", "max-front"]
"""The named strategies (paigow.strategies.NAMED): the shipped equilibria of each game (Macau's
without and as paid at 5% and 4%; the US game's without, at 5% and at 1/21), max-back, and the US
game's house ways (paigow.houseway: Foxwoods, Casino Canberra), the home game's equilibrium and its automatic
rule max-front (docs/home-edges.md). A solution of one game is refused under the other's
rules (code strategy.rules), as in the library."""
RulesName = Literal["macau", "us", "home"]
"""A rule set by name (paigow.rules.RULE_SETS): Macau's, the US casino game's, or the Chinese home game's."""
Rate = Annotated[str, StringConstraints(max_length=64)]
"""A commission rate as the library reads it: ``"5%"``, ``"0.05"``, ``"1/20"``."""
Commission = Union[StrictBool, Rate]
Seat = Literal["player", "banker"]


def _whole(value: Any) -> Any:
    """A JSON number that is a whole number, as an int: ``100.0`` is 100 (JSON Schema's
    ``integer`` is any number without a fractional part), ``100.5`` is refused; a string or a
    boolean stays refused (strict)."""
    if isinstance(value, float):
        if value.is_integer():
            return int(value)
        raise ValueError(f"{value!r} is not a whole number (an integer: 100 or 100.0, not 100.5)")
    return value


Whole = Annotated[StrictInt, BeforeValidator(_whole)]
"""An integer field of a request: an int, or a float without a fractional part (issue 33)."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


# -- errors -----------------------------------------------------------------------------------------
class ErrorBody(_Model):
    """Every error response: the project error's stable ``code`` and its message, with the values the
    message names (``params``, for the codes whose raise gives them: a page words the message in its
    language from them; docs/errors.md)."""

    code: str
    message: str
    params: dict[str, Any] | None = None
    errors: list[dict[str, Any]] | None = None


# -- tiles, settings, advice ------------------------------------------------------------------------
class TileOut(_Model):
    pips: str
    name_zh: str
    name_en: str
    rank: int
    points: int
    copies: int


class HandOut(_Model):
    tiles: list[str]
    name_zh: str
    name_en: str
    category: str
    points: int
    rank: int


class TilesIn(_Model):
    tiles: Tiles = Field(description="four tiles: pips (6-6), Chinese (天) or English (Teen) names", examples=["天 地 杂九 至尊"])
    rules: RulesName = Field("macau", description="the rule set whose game is asked: 'macau', 'us' or 'home'")


class SettingOut(_Model):
    text: str
    front: HandOut
    back: HandOut


class SettingsOut(_Model):
    tiles: list[str]
    settings: list[SettingOut]


class AdviceIn(_Model):
    tiles: Tiles = Field(examples=["天 地 杂九 至尊"])
    seat: Seat = "player"
    against: StrategyName | None = Field(
        None, description="the other side's strategy; left out, the library's default for the commission:"
                          " equilibrium without, equilibrium-paid at 5% (paigow.game.equilibria.default_against)")
    commission: Commission = Field(
        False, description="false (none), true (the rule set's rate: 5%) or a rate such as '4%', '0.04' or '1/25'")
    rules: RulesName = Field("macau", description="the rule set whose game is asked: 'macau', 'us' or 'home'")
    seen: SeenTiles | None = Field(None, description="tiles both seats saw (an exposed tile, a settled hand): the other "
                                                  "side's hands are those of the tiles neither held nor seen")


class SettingAdvice(_Model):
    text: str
    front: HandOut
    back: HandOut
    wins: float
    pushes: float
    losses: float
    value: float
    equilibrium_probability: float | None


class AdviceOut(_Model):
    tiles: list[str]
    seat: str
    against: str
    commission: bool
    rate: str = Field(description="the commission rate applied, written as a percentage ('0%' without)")
    rules: str = Field("macau", description="the rule set whose game the values are of")
    opponent_hands: int
    seen: list[str] | None = Field(None, description="the seen tiles, when some were given")
    best: int
    mixed: bool
    settings: list[SettingAdvice]


class AdviceBatchIn(_Model):
    hands: Annotated[list[Tiles], Field(max_length=ADVICE_BATCH_MAX)]
    seat: Seat = "player"
    against: StrategyName | None = Field(
        None, description="the other side's strategy; left out, the library's default for the commission:"
                          " equilibrium without, equilibrium-paid at 5% (paigow.game.equilibria.default_against)")
    commission: Commission = Field(
        False, description="false (none), true (the rule set's rate: 5%) or a rate such as '4%', '0.04' or '1/25'")
    rules: RulesName = Field("macau", description="the rule set whose game is asked: 'macau', 'us' or 'home'")
    seen: SeenTiles | None = Field(None, description="tiles both seats saw (an exposed tile, a settled hand): the other "
                                                  "side's hands are those of the tiles neither held nor seen")


class AdviceBatchOut(_Model):
    results: list[AdviceOut]


class BestSettingsIn(_Model):
    hands: Annotated[list[Tiles], Field(max_length=BEST_BATCH_MAX)]
    seat: Seat = "player"
    strategy: StrategyName | None = Field(None, description="left out: the rule set's zero-commission equilibrium")
    rules: RulesName = Field("macau", description="the rule set whose game is asked: 'macau', 'us' or 'home'")


class BestSettingsOut(_Model):
    best: list[int] = Field(description="index into the hand's three settings (ab|cd, ac|bd, ad|bc)")
    settings: list[str]


class GameValueIn(_Model):
    player: StrategyName | None = Field(None, description="left out: the rule set's zero-commission equilibrium")
    banker: StrategyName | None = Field(None, description="left out: the rule set's zero-commission equilibrium")
    rules: RulesName = Field("macau", description="the rule set whose game is asked: 'macau', 'us' or 'home'")


class GameValueOut(_Model):
    player: str
    banker: str
    rules: str = "macau"
    win: float
    push: float
    lose: float
    ev: float


# -- Fish-Prawn-Crab --------------------------------------------------------------------------------
class PccOutcome(_Model):
    pays: int
    ways: int
    probability: str


class PccOdds(_Model):
    bet: str
    description: str
    article: str
    outcomes: list[PccOutcome]
    win_probability: str
    expected_return: str
    house_edge: str
    house_edge_float: float


class PccSettleIn(_Model):
    bets: Annotated[list[Text], Field(max_length=PCC_SLIP_MAX, examples=[["big=100", "figure:crab=50"]])]
    roll: Text = Field(examples=["crab prawn coin"])
    ruleset: Literal["2004", "1996"] = "2004"
    voids: Annotated[list[Text], Field(max_length=10)] = []


class PccLine(_Model):
    ticket: int
    bet: str
    spot: str
    stake: int
    won: bool
    odds: int
    paid: int
    returned: int
    net: int


class PccRollOut(_Model):
    text: str
    dice: list[str]
    numbers: list[int]
    total: int


class PccTotals(_Model):
    staked: int
    paid: int
    returned: int
    player_net: int
    house_result: int


class PccSettleOut(_Model):
    ruleset: str
    voids: list[str]
    roll: PccRollOut
    lines: list[PccLine]
    totals: PccTotals


# -- tables -----------------------------------------------------------------------------------------
class OptionsIn(_Model):
    commission: Text | None = Field(None, examples=["5%"])
    rounding: Text | None = None


# the page's key for one opening (docs/serve.md, "Opening once")
ClientKey = Annotated[str, StringConstraints(min_length=8, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")] | None
CLIENT_KEY = Field(None, description="the page's key for this one opening: the same key again from the same operator"
                                     " within 10 minutes (the first answer lost) answers the table it opened, with a"
                                     " new dealer token")


class TableIn(_Model):
    rules: Literal["macau", "us"] = Field(
        "macau", description="the rule set (paigow.rules): Macau's, or the US game's (the house banks by the house"
                             " way, the bank offered in turn; docs/dealer.md)")
    banker: Whole = 0
    players: Annotated[list[Text], Field(max_length=8)] | None = None
    house_stake: Whole | None = None
    options: OptionsIn | None = None
    public: StrictBool = Field(False, description="readers without the token see what is face up")
    mode: Literal["live", "simulation"] = Field(
        "live", description="live: every shuffle and roll from the secure generator, journaled as drawn;"
                            " simulation: from a seed, replayable")
    seed: Annotated[StrictInt, Field(ge=0, lt=2**63), BeforeValidator(_whole)] | None = Field(
        None, description="a simulation's seed (default: drawn); refused for a live table")
    client_key: ClientKey = CLIENT_KEY
    seat_bets: Literal["accept", "confirm"] = Field(
        "accept", description="a seat's bets and withdrawals: taken at once (accept), or kept as requests the"
                              " dealer confirms or refuses (confirm; docs/serve.md, Seats)")


Position = Whole
Amount = Whole

# -- a Pai Gow table's actions: the HTTP face of paigow.table.actions, one model per action value of
# the same class name and fields (a Literal must be written out: tests/test_actions.py checks that
# every name here is the library's, and tests/serve/test_api.py that the fields are)


class StartRound(_Model):
    action: Literal["start_round"]
    stake: Amount | None = None
    others_agree: StrictBool | None = None


class EndRound(_Model):
    action: Literal["end_round"]


class PassBank(_Model):
    action: Literal["pass_bank"]


class Decline(_Model):
    action: Literal["decline"]


class Accept(_Model):
    action: Literal["accept"]
    with_house: StrictBool | None = Field(None, description="the US game: take the bank with the house, half each,"
                                                            " the hand then set by the house way")


class SetStake(_Model):
    action: Literal["set_stake"]
    amount: Amount


class CoBank(_Model):
    action: Literal["co_bank"]
    party: Union[Position, Literal["house"]]
    stake: Amount


class PlaceBet(_Model):
    action: Literal["bet"]
    position: Position
    amount: Amount
    bettor: Text | None = None


class Shuffle(_Model):
    action: Literal["shuffle"]


class CutStacks(_Model):
    action: Literal["cut"]
    position: Position
    k: Whole


class Shake(_Model):
    action: Literal["shake"]
    dice: Annotated[list[Whole], Field(max_length=8)] | None = Field(None, description="as seen (default: rolled)")
    void: Literal["tilted", "fallen"] | None = None


class DealTiles(_Model):
    action: Literal["deal"]
    hands: dict[Annotated[str, StringConstraints(pattern=r"^[0-9]{1,2}$")], Tiles] | None = Field(
        None, description="the tiles seen dealt, by position (default: deal the stacks)",
        examples=[{"0": "天 地 人 鹅", "1": "梅 长三 板櫈 虎头"}])


class Expose(_Model):
    action: Literal["expose"]
    position: Position
    tile: Text | None = None


class Declare(_Model):
    action: Literal["declare"]
    method: Text = Field(description="the dealing method the banker declares, before the first shake (Art. 4.4)")


class SetHand(_Model):
    action: Literal["set_hand"]
    position: Position
    setting: Union[Whole, Text] = Field(description="'front | back' or a split 0-2")
    by: Text | None = None
    strategy: Text | None = Field(None, description="in a simulation, the strategy that chose the setting"
                                                    " (refused at a live table)")


class HouseWay(_Model):
    action: Literal["house_way"]
    position: Position
    by: Text | None = Field(None, description="the holder asking for the house way (a player's hand); left out for"
                                              " the house's own hand")


class Turn(_Model):
    action: Literal["turn"]


class SetPlayers(_Model):
    action: Literal["set_players"]
    strategy: StrategyName | None = None


class Settle(_Model):
    action: Literal["settle"]
    strategy: StrategyName | None = None
    banker_strategy: StrategyName | None = None


class SetDeadline(_Model):
    """The round's deadline for the settings (issue 38): in ``seconds`` from now by the service's
    clock, or ``at`` (seconds since the epoch, UTC); one of the two. The table journals the time."""

    action: Literal["set_deadline"]
    seconds: float | None = Field(None, gt=0, le=86_400, description="the deadline, this many seconds from now")
    at: float | None = Field(None, ge=0, le=1e11, description="the deadline, seconds since the epoch (UTC)")

    @model_validator(mode="after")
    def _one_time(self) -> "SetDeadline":
        if (self.seconds is None) == (self.at is None):
            raise ValueError("give the deadline as 'seconds' from now or as 'at', one of the two")
        return self


class ApplyDeadline(_Model):
    """The passed deadline applied now (the service's clock): every hand still unset set by the
    table's rule and recorded why (docs/rules.md §1.8, Deadlines)."""

    action: Literal["apply_deadline"]


DeadlineAction = Annotated[Union[SetDeadline, ApplyDeadline], Field(discriminator="action")]
"""The dealer's deadline actions (``POST /v1/tables/{id}/deadline``): beside the other actions'
route, whose answers stay as they were (tests/test_compat.py)."""


Action = Annotated[
    Union[StartRound, EndRound, PassBank, Decline, Accept, SetStake, CoBank, PlaceBet, Declare, Shuffle, CutStacks,
          Shake, DealTiles, Expose, SetHand, HouseWay, Turn, SetPlayers, Settle],
    Field(discriminator="action"),
]


# -- a seat's actions (issue 38): the dealer's JSON, its position its own when left out; the actions
# a seat may not take are read too, to be refused with seat.forbidden (paigow.serve.seats)
class SeatBet(_Model):
    action: Literal["bet"]
    position: Position | None = Field(None, description="its own position when left out; another: a backline bet")
    amount: Amount
    bettor: Text | None = None


class SeatWithdraw(_Model):
    """A bet taken back before the shake (the library's ``withdraw``): a seat's action; the dealer's
    route takes the actions it took before (its answers are as they were: tests/test_compat.py)."""

    action: Literal["withdraw"]
    position: Position | None = Field(None, description="its own position when left out")
    amount: Amount | None = Field(None, description="how much of the bet to take back (default: all of it)")
    bettor: Text | None = None


class SeatSetHand(_Model):
    action: Literal["set_hand"]
    position: Position | None = Field(None, description="its own (the only one a seat sets)")
    setting: Union[Whole, Text] = Field(description="'front | back' or a split 0-2")
    by: Text | None = None
    strategy: Text | None = Field(None, description="refused: a seat sets its hand itself")


class SeatHouseWay(_Model):
    action: Literal["house_way"]
    position: Position | None = Field(None, description="its own (the only one a seat asks the house way for)")
    by: Text | None = None


SeatAction = Annotated[
    Union[StartRound, EndRound, PassBank, Decline, Accept, SetStake, CoBank, SeatBet, SeatWithdraw, Declare, Shuffle,
          CutStacks, Shake, DealTiles, Expose, SeatSetHand, SeatHouseWay, SetDeadline, ApplyDeadline, Turn, SetPlayers,
          Settle],
    Field(discriminator="action"),
]


class TableState(BaseModel):
    """A table's state (``round`` is the open round, if any); ``balances`` and ``commission``
    are totals over the finished rounds and add up to zero."""

    model_config = ConfigDict(extra="allow")  # a closed table's state adds "closed": when

    seq: int
    rules: str = "macau"
    mode: str | None = None
    players: list[str]
    options: dict[str, str]
    house_stake: int | None
    banker: int | None
    house_banks: bool = False
    with_house: bool = False
    offer: int | None
    declined: list[int]
    rounds_banked: int
    carried: int | None
    rounds: int
    turns: list[str]
    balances: dict[str, int]
    commission: int
    round: dict[str, Any] | None


class TableCreated(_Model):
    id: str
    token: str = Field(description="the table's dealer token, given this once")
    public: bool
    mode: str
    state: TableState
    qr: str | None = Field(None, description="the QR code (SVG) of the address that resumes the table with"
                                             " its token, to print: given this once")
    display: str | None = Field(None, description="a public table's players' display address")
    display_qr: str | None = Field(None, description="the QR code (SVG) of the players' display address")


class TableSummary(_Model):
    id: str
    game: Literal["paigow", "pcc", "home"] = Field(description="the table's game: Pai Gow, Fish-Prawn-Crab or the"
                                                               " home game 推牌九")
    public: bool
    mode: str
    seq: int
    closed: str | None
    quarantined: str | None


class TableList(_Model):
    tables: list[TableSummary]


class TableClosed(_Model):
    id: str
    closed: str
    seq: int
    head: str = Field(description="the hash of the table's last journal row (keep it: the audit checks up to it)")


class TokenOut(_Model):
    id: str
    token: str = Field(description="the table's new dealer token, given this once")


class SeatCreated(_Model):
    id: str
    position: int
    token: str = Field(description="the position's seat token, given this once (the service keeps its SHA-256)")
    url: str = Field(description="the address the seat's device opens, the token after '#'")
    qr: str = Field(description="the QR code (SVG) of that address, to scan: given this once")


class SeatRevoked(_Model):
    id: str
    position: int
    revoked: bool = Field(description="whether the position had a seat (its token stops working)")


class SeatList(_Model):
    id: str
    seats: dict[str, str] = Field(description="the positions that have a seat, and when each was granted")


class SeatState(TableState):
    """What a seat sees: the public view of the table and its own position's tiles (``seat``)."""

    seat: int


class SeatAnswer(_Model):
    """The dealer's answer to a seat's request (``POST /v1/tables/{id}/seats/requests/{rid}``)."""

    answer: Literal["confirm", "refuse"] = Field(description="confirm: the table takes the request as the seat's"
                                                             " action (the engine checks it); refuse: it is dropped")


class SeatActionOut(_Model):
    seq: int
    action: str
    result: Any
    state: SeatState


class ActionOut(_Model):
    seq: int
    action: str
    result: Any
    state: TableState


class Health(_Model):
    status: str = Field(description="ok; degraded (a table quarantined); unavailable (the journal cannot be written)")
    tables: int
    version: str
    store: str | None = None
    error: str | None = Field(None, description="why the journal cannot be written")
    quarantined: int = 0


class NamesOut(_Model):
    lang: str
    hands: dict[str, str] = Field(description="every hand's name in the language, by its Simplified name")
    tiles: dict[str, str] = Field(description="every tile's name in the language, by its Simplified name")
