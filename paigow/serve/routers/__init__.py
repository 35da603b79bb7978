"""The service's routes, one :class:`fastapi.APIRouter` module per concern; :func:`paigow.serve.app.create_app`
includes them (in this order, which is the order of the OpenAPI document's paths):

- :mod:`~paigow.serve.routers.operator`: the service itself: ``/v1/health``, the dealer's page
  ``/`` and the API's documentation ``/docs``;
- :mod:`~paigow.serve.routers.advice`: the engines' stateless answers (tiles, settings, advice,
  best settings, game value);
- :mod:`~paigow.serve.routers.pcc` (``reference``): Fish-Prawn-Crab odds and settlement;
- :mod:`~paigow.serve.routers.tables`: the Pai Gow tables ``/v1/tables...`` (open, list, read,
  act, rounds, close, token, journal export);
- :mod:`~paigow.serve.routers.pcc` (``tables``): the Fish-Prawn-Crab tables and their pages;
- :mod:`~paigow.serve.routers.home`: the home game's tables 推牌九 and their pages;
- :mod:`~paigow.serve.routers.display`: the players' display (the event stream, its page) and
  the names in the page's language;
- :mod:`~paigow.serve.routers.seats`: the seats, players on their own devices (grant, revoke,
  the seat's view, its stream, its actions).

The state they share (the journal, the operators, the settings) is the app's
:class:`~paigow.serve.routers.common.Service` on ``app.state.service``, reached through the
:func:`~paigow.serve.routers.common.service` dependency; who may do what is
:mod:`paigow.serve.auth`'s dependency :func:`~paigow.serve.auth.caller`.
"""
