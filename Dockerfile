# One image for the api, the worker and the sandbox partners; docker-compose.yml picks the command.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build:web
EXPOSE 3000
CMD ["node", "--import", "tsx", "api/main.ts"]
